import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layerOf, violation } from '../../../tools/eslint/one-way-imports.js';
import { findCycles, importGraph } from '../../../tools/import-graph/import-graph.mjs';
import { testDatabaseKind } from './test-app';

const API_ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(API_ROOT, 'src');

/** A module is its folder under modules/; every other file stands alone. */
function unitOf(file: string): string {
  return file.startsWith('modules/') ? file.split('/').slice(0, 2).join('/') : file;
}

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
