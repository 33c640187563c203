import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Which module owns each table, and which module files name a table another module owns
 * (docs/adr/0008, "One owner per table"). A module declares its tables in its `*.table.ts`
 * (declaration merging into `db/schema.ts`); the tables `db/` declares (jobs, outbox, idempotency
 * keys) belong to the unit of work every module uses.
 */
function walk(folder) {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
}

/** The owner of a file: its module under modules/, else its top folder. */
function ownerOf(src, file) {
  const parts = path.relative(src, file).split(path.sep);
  return parts[0] === 'modules' ? parts[1] : parts[0];
}

/** Table name → owning module, from the `interface Database { … }` blocks of the `*.table.ts` files. */
export function tableOwners(src) {
  const owners = new Map();
  for (const file of walk(src).filter((name) => name.endsWith('.table.ts'))) {
    const text = readFileSync(file, 'utf8');
    const start = text.indexOf('interface Database');
    if (start < 0) continue;
    for (const [, table] of text.slice(start).matchAll(/^\s+(\w+):\s*\w+/gm)) owners.set(table, ownerOf(src, file));
  }
  return owners;
}

/** The tables a text reads or writes: Kysely's builders (`selectFrom('t')`, joins …) and raw SQL (`from t`). */
export function tablesNamedIn(text, tables) {
  return tables.filter((table) =>
    new RegExp(
      `(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|Join|with)\\(\\s*['"]${table}( as \\w+)?['"]|\\b(from|join|into|update)\\s+${table}\\b`,
      'i',
    ).test(text),
  );
}

/** `file → [tables of other modules]` for every product file under modules/ (tests excluded). */
export function foreignTableReads(src) {
  const owners = tableOwners(src);
  const tables = [...owners.keys()];
  const reads = new Map();
  for (const file of walk(path.join(src, 'modules')).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const module = ownerOf(src, file);
    const foreign = tablesNamedIn(readFileSync(file, 'utf8'), tables).filter(
      (table) => owners.get(table) !== module && owners.get(table) !== 'db',
    );
    if (foreign.length > 0) reads.set(path.relative(src, file).split(path.sep).join('/'), foreign.sort());
  }
  return reads;
}
