import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layerOf, violation } from '../../../tools/eslint/one-way-imports.js';
import { findCycles, importGraph } from '../../../tools/import-graph/import-graph.mjs';
import { longFunctions } from '../../../tools/function-length/function-length.mjs';
import { foreignTableReads, tableOwners, tablesNamedIn } from '../../../tools/table-owners/table-owners.mjs';
import { testDatabaseKind } from './test-app';

const API_ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(API_ROOT, 'src');

/** A module is its folder under modules/; every other file stands alone. */
function unitOf(file: string): string {
  return file.startsWith('modules/') ? file.split('/').slice(0, 2).join('/') : file;
}

/**
 * The module files that still name tables another module owns (docs/adr/0008, "One owner per
 * table"), each with why. The list may only shrink: a new read of another module's table fails
 * the check until it goes through the owner's face (a query it offers, a read model it keeps).
 */
const FOREIGN_TABLE_READS: Record<string, { tables: string[]; why: string }> = {
  'modules/money/wallet.repository.ts': {
    tables: ['ledger_accounts'],
    why: 'the money module is the ledger’s front door: its one reader besides the ledger itself (docs/wallet.md, "Money")',
  },
  'modules/ledger/ledger-audit.repository.ts': {
    tables: ['bonuses', 'market_exposure', 'payment_withdrawals'],
    why: '`ledger verify` checks each held balance against what its owner holds (active bonuses, bet holds, open withdrawals) in the same read; bonus, payments and money all reach the ledger (through money), so it cannot call their faces without a loop',
  },
  'modules/sessions/sessions.repository.ts': {
    tables: ['users'],
    why: 'one live session per player: its id is kept on the player’s row, and every authenticated call reads the session with its player in one prepared statement; users imports sessions, so the reverse would close a loop',
  },
  'modules/casino/casino.repository.ts': {
    tables: ['sessions', 'users'],
    why: 'every seamless-wallet call reads the game session with its player and the site session that launched it in one prepared statement: a game token ends with that session (docs/casino.md)',
  },
};

/**
 * A module's service closures and route-registering functions stay short enough to read whole
 * (docs/adr/0008): past this many lines, one is split by concern into parts its module composes.
 */
const MAX_FUNCTION_LINES = 150;

function moduleGraph(files: Map<string, string[]>): Map<string, string[]> {
  const units = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const unit = unitOf(file);
    const edges = units.get(unit) ?? new Set<string>();
    for (const target of targets) if (unitOf(target) !== unit) edges.add(unitOf(target));
    units.set(unit, edges);
  }
  return new Map([...units].map(([unit, edges]) => [unit, [...edges]]));
}

// The code is the same for both database kinds: check it once.
describe.runIf(testDatabaseKind() === 'sqlite')('API module boundaries', () => {
  const graph = importGraph(SRC, path.join(API_ROOT, 'tsconfig.json'));

  it('reads the whole import graph, type-only imports included', () => {
    expect(graph.get('db/database.ts')).toContain('db/schema.ts');
    expect(graph.get('app.ts')).toContain('modules/money/index.ts');
    expect(graph.size).toBeGreaterThan(80);
  });

  it('has no import cycle between files', () => {
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('has no import cycle between modules (a module is a folder under modules/)', () => {
    expect(findCycles(moduleGraph(graph)).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('reaches another module only through its index.ts, and the ledger only from the money module', () => {
    const moduleOf = (file: string) => (file.startsWith('modules/') ? file.split('/')[1] : null);
    const reaching = [...graph].flatMap(([file, targets]) =>
      file.endsWith('.test.ts')
        ? []
        : targets
            .filter((target) => {
              const owner = moduleOf(target);
              if (!owner || owner === moduleOf(file)) return false;
              if (owner === 'ledger') return moduleOf(file) !== 'money';
              return !target.endsWith(`modules/${owner}/index.ts`);
            })
            .map((target) => `${file} → ${target}`),
    );
    expect(reaching).toEqual([]);
    // The ledger's one importer.
    const ledgerImporters = [...graph].filter(
      ([file, targets]) => moduleOf(file) !== 'ledger' && targets.some((target) => moduleOf(target) === 'ledger'),
    );
    expect(ledgerImporters.map(([file]) => moduleOf(file))).toEqual(expect.arrayContaining(['money']));
    expect(new Set(ledgerImporters.filter(([file]) => !file.endsWith('.test.ts')).map(([file]) => moduleOf(file)))).toEqual(
      new Set(['money']),
    );
  });

  it('has no import cycle between folders (each of modules/ a folder of its own, the rest by top folder)', () => {
    // A module's commands plug into the admin CLI through plugins/admin-command.ts, so cli/ (which
    // lists them) and the modules do not import each other; db/ holds what needs the database
    // (the job runner, the outbox relay), so lib/ stays below it (docs/adr/0008).
    const folderOf = (file: string) => (file.startsWith('modules/') ? unitOf(file) : file.split('/')[0]!);
    const folders = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      if (file.endsWith('.test.ts')) continue;
      const folder = folderOf(file);
      const edges = new Set(folders.get(folder));
      for (const target of targets) if (folderOf(target) !== folder) edges.add(folderOf(target));
      folders.set(folder, [...edges]);
    }
    expect(folders.get('cli')).toContain('modules/bets');
    expect(findCycles(folders).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('reads another module’s tables only where the list says why (one owner per table)', () => {
    const reads = Object.fromEntries(foreignTableReads(SRC));
    expect(reads).toEqual(Object.fromEntries(Object.entries(FOREIGN_TABLE_READS).map(([file, { tables }]) => [file, tables])));
    // The ledger's tables: the ledger itself and the money module (its front door) only; the
    // console reads balances and entries through money's face.
    const ledgerReaders = Object.entries(reads)
      .filter(([, tables]) => tables.some((table) => table.startsWith('ledger_')))
      .map(([file]) => file);
    expect(ledgerReaders.sort()).toEqual(['modules/money/wallet.repository.ts']);
  });

  it(`keeps every top-level function of a module within ${MAX_FUNCTION_LINES} lines`, () => {
    expect(longFunctions(path.join(SRC, 'modules'), MAX_FUNCTION_LINES)).toEqual([]);
  });

  it('has no route that reads a repository: routes parse and answer, services read (docs/adr/0008)', () => {
    const routesReadingRepositories = [...graph].flatMap(([file, targets]) =>
      file.endsWith('.routes.ts')
        ? targets.filter((target) => target.endsWith('.repository.ts')).map((target) => `${file} → ${target}`)
        : [],
    );
    expect(routesReadingRepositories).toEqual([]);
  });

  it('keeps db/, lib/ and config/ below the modules and plugins, and lib/ below db/', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      /^(db|lib|config)\//.test(file)
        ? targets
            .filter((target) => /^(modules|plugins)\//.test(target) || (/^(lib|config)\//.test(file) && target.startsWith('db/')))
            .map((target) => `${file} → ${target}`)
        : [],
    );
    expect(upward).toEqual([]);
  });
});

describe('the boundary checks themselves', () => {
  it('know each table’s owner and find a table named by a query builder or in raw SQL', () => {
    const owners = tableOwners(SRC);
    expect(owners.get('bets')).toBe('bets');
    expect(owners.get('ledger_entries')).toBe('ledger');
    expect(owners.get('jobs')).toBe('db');
    const tables = ['bets', 'users', 'markets'];
    expect(tablesNamedIn("db.selectFrom('bets as b').innerJoin('users', 'users.id', 'b.user_id')", tables)).toEqual([
      'bets',
      'users',
    ]);
    expect(tablesNamedIn('sql`select 1 from markets m where ...`', tables)).toEqual(['markets']);
    expect(tablesNamedIn("const route = 'bets'; // a path, not a table", tables)).toEqual([]);
  });

  it('find a cycle, through type-only imports too, and name its path', () => {
    const graph = new Map([
      ['db/database.ts', ['db/schema.ts']],
      ['db/schema.ts', ['plugins/idempotency.repository.ts']],
      ['plugins/idempotency.repository.ts', ['db/database.ts']],
      ['lib/clock.ts', []],
    ]);
    expect(findCycles(graph)).toEqual([
      ['db/database.ts', 'db/schema.ts', 'plugins/idempotency.repository.ts', 'db/database.ts'],
    ]);
    expect(
      findCycles(
        moduleGraph(
          new Map([
            ['modules/wallet/wallet.module.ts', ['modules/bonus/bonus.service.ts']],
            ['modules/bonus/bonus.service.ts', ['modules/wallet/wallet.service.ts']],
            ['modules/wallet/wallet.service.ts', []],
          ]),
        ),
      ),
    ).toEqual([['modules/bonus', 'modules/wallet', 'modules/bonus']]);
  });

  it('the lint rule refuses db/, lib/ and config/ importing a module or a plugin, and allows the reverse', () => {
    const at = (file: string) => layerOf(path.join(SRC, file));
    expect(violation(at('db/schema.ts'), at('modules/users/users.table.ts'))).toMatch(/db\/ stands below/);
    expect(violation(at('lib/clock.ts'), at('plugins/auth.ts'))).toMatch(/lib\/ stands below/);
    expect(violation(at('config/env.ts'), at('modules/settings/settings.service.ts'))).toMatch(/config\/ stands below/);
    expect(violation(at('modules/users/users.table.ts'), at('db/schema.ts'))).toBeNull();
    expect(violation(at('plugins/auth.ts'), at('lib/app-error.ts'))).toBeNull();
    expect(violation(at('seed/seed.ts'), at('modules/users/index.ts'))).toBeNull();
  });

  it('the lint rule refuses reaching into another module or the ledger, and allows public faces and own files', () => {
    const at = (file: string) => layerOf(path.join(SRC, file));
    expect(violation(at('modules/bets/bets.service.ts'), at('modules/money/wallet.repository'))).toMatch(
      /through its public face \(modules\/money\/index.ts\)/,
    );
    expect(violation(at('seed/seed.ts'), at('modules/users/users.service'))).toMatch(/public face/);
    expect(violation(at('modules/casino/casino-wallet.service.ts'), at('modules/ledger'))).toMatch(
      /only the money module imports the ledger/,
    );
    expect(violation(at('cli/commands.ts'), at('modules/ledger/index'))).toMatch(/only the money module/);
    expect(violation(at('modules/money/money.service.ts'), at('modules/ledger'))).toBeNull();
    expect(violation(at('modules/bets/bets.service.ts'), at('modules/money'))).toBeNull();
    expect(violation(at('modules/bets/bets.service.ts'), at('modules/bets/bet-model'))).toBeNull();
    // Tests may set up a module's inner parts.
    expect(violation(at('modules/bonus/bonus.service.test.ts'), at('modules/ledger/ledger.service'))).toBeNull();
  });
});
