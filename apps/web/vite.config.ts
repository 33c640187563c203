import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);
/** The self-hosted Indic fonts' files, for `url(@font-files/...)` in styles/fonts.css. */
function fontFiles(pkg: string): string {
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files');
}

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|ico|map)$/;
/** Below this size the header bytes cost more than compression saves. */
const MIN_COMPRESS_BYTES = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of the build, so the server
 * sends precompressed bytes and spends no CPU per request (docs/shell.md "Speed").
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of await listFiles(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_COMPRESS_BYTES) continue;
        const source = await readFile(file);
        const brotli = brotliCompressSync(source, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        await writeFile(`${file}.br`, brotli);
        await writeFile(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      '@font-files/devanagari': fontFiles('@fontsource/noto-sans-devanagari'),
      '@font-files/bengali': fontFiles('@fontsource/noto-sans-bengali'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // One stylesheet (about 10 KB compressed): one request before the first paint instead of a
    // chain of small ones, each costing a round trip on a phone network.
    cssCodeSplit: false,
    // Route pages and modals are split off (app/router.tsx); the entry holds the frame of /home.
    chunkSizeWarningLimit: 400,
    // The entry's own imports are preloaded; lazy chunks are fetched when their route or modal opens.
    modulePreload: { polyfill: false },
    rollupOptions: {
      treeshake: {
        // The shared package is constants, pure rules and schemas, with no effects of its own: a
        // module none of whose exports the page uses is left out, so the first page imports its
        // timings without the contract's schemas and zod (docs/shell.md "Speed").
        // The same for the UI primitives' modules (their stylesheets still count as effects), so a
        // page that imports the barrel gets only the primitives it uses.
        moduleSideEffects: (id: string) =>
          !id.includes('/packages/shared/src/') && !/\/src\/components\/ui\/[^/]+\.tsx?$/.test(id),
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
