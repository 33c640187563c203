import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph } from '../../../../tools/import-graph/import-graph.mjs';

const WEB_ROOT = path.resolve(import.meta.dirname, '../..');

describe('the web app’s imports', () => {
  const graph = importGraph(path.join(WEB_ROOT, 'src'), path.join(WEB_ROOT, 'tsconfig.json'));

  it('reads the .tsx pages and their lazy imports', () => {
    expect(graph.get('app/routes/lazy-pages.tsx')).toContain('app/routes/sports-routes.tsx');
    expect(graph.get('app/routes/sports-routes.tsx')).toContain('features/sports/pages.ts');
    expect(graph.size).toBeGreaterThan(100);
  });

  it('has no import loop (a lazy import counts: a loop through one ties the chunks together)', () => {
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});
