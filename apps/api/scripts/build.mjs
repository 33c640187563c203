// Bundles the API into dist/server.js for plain `node` (docs/adr/0007-compiled-server.md).
// The type check runs before this (`tsc` in the package's build script): esbuild only strips types.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const API_ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(API_ROOT, 'dist/server.js');

/** Scripts that run in a thread of their own (`*.worker.ts`): each becomes dist/<name>.js. */
function workerEntries(dir = path.join(API_ROOT, 'src')) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...workerEntries(full));
    else if (entry.name.endsWith('.worker.ts')) found.push(full);
  }
  return found;
}

/**
 * npm packages stay imports resolved from node_modules at run time (native addons, pino's
 * transports and the like cannot be bundled); the workspace's own @app/shared is TypeScript
 * source and is compiled into the bundle.
 */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@app/shared' || args.path.startsWith('@app/shared/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer() {
  await bundle([path.join(API_ROOT, 'src/server.ts'), ...workerEntries()], path.join(API_ROOT, 'dist'));
}

/** Bundles `entryPoints` (TypeScript under apps/api/src) into `outdir`, each as `<name>.js`. */
export async function bundle(entryPoints, outdir) {
  await build({
    entryPoints,
    outdir,
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
}
