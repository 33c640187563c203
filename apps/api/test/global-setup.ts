import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundle } from '../scripts/build.mjs';
import { BUNDLED_SCRIPTS, type BundledScript } from './support/bundled-scripts';

const API_ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Tests start the admin CLI and API servers as processes of their own, as an operator does, about
 * seventy times. Through the TypeScript loader each start compiles the whole API again: 3 s idle,
 * up to 28 s on a loaded CI machine. Bundled once per run from the source under test (as the
 * server is, docs/adr/0007-compiled-server.md), a start is plain `node` on one file. The bundles
 * sit under apps/api so they find their package folder (src/config/paths.ts) as the source does.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await mkdir(path.join(API_ROOT, 'dist'), { recursive: true });
  const outdir = await mkdtemp(path.join(API_ROOT, 'dist', 'test-bundles-'));
  await bundle(
    Object.values(BUNDLED_SCRIPTS).map((entry) => path.join(API_ROOT, entry)),
    outdir,
  );
  project.provide(
    'processBundles',
    Object.fromEntries(
      Object.entries(BUNDLED_SCRIPTS).map(([name, entry]) => [name, path.join(outdir, `${path.basename(entry, '.ts')}.js`)]),
    ) as Record<BundledScript, string>,
  );
  return () => rm(outdir, { recursive: true, force: true });
}
