import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

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

/** The modules main.tsx imports on every load, after its own small graph (main.tsx `loadApp`). */
const APP_MODULES = [/[\\/]react-dom[\\/]client\.js$/, /[\\/]src[\\/]app[\\/]render-app\.tsx$/];

/** The sports routes, pages, bet slip and book: everything a sports page loads after the app. */
const SPORTS_MODULES =
  /[\\/]src[\\/](features[\\/](sports|betslip)[\\/]|features[\\/]bets[\\/](index|api[\\/]|model[\\/]|components[\\/](runner-book|run-position))|app[\\/](routes[\\/]sports-routes|bet-slip|match-book|layouts[\\/]bet-slip-area))/;

/**
 * main.tsx imports React DOM and the app with `import()`, so that each module graph is evaluated
 * in a task of its own (docs/shell.md "Speed"). Their files are needed on every load, so the page
 * names them as `modulepreload` from the start: they download alongside the entry rather than
 * after it has run.
 */
function preloadAppChunks(): Plugin {
  return {
    name: 'preload-app-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return html;
        const preloaded = new Set([entry.fileName, ...entry.imports]);
        const wanted: string[] = [];
        const visit = (fileName: string) => {
          if (preloaded.has(fileName)) return;
          preloaded.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
          wanted.push(fileName);
        };
        for (const fileName of entry.dynamicImports) {
          const chunk = byFile.get(fileName);
          if (chunk && Object.keys(chunk.modules).some((id) => APP_MODULES.some((pattern) => pattern.test(id)))) visit(fileName);
        }
        const missing = APP_MODULES.filter(
          (pattern) => !chunks.some((chunk) => Object.keys(chunk.modules).some((id) => pattern.test(id))),
        );
        if (missing.length > 0) throw new Error(`preload-app-chunks: no chunk holds ${missing.join(', ')}`);
        const links = wanted.map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`).join('\n    ');
        return (
          html
            .replace('</head>', `  ${links}\n  </head>`)
            // Nothing on the first paint waits for a script (the server paints the frame), so the
            // scripts load at low priority: the stylesheet, translations and logo come first, and
            // no measure counts the scripts as holding up the first paint (docs/shell.md "Speed").
            .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
            .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"')
        );
      },
    },
  };
}

/** The module that starts each group of pages whose code the server names in the page's head. */
const ROUTE_GROUP_ENTRIES = { sports: /[\\/]src[\\/]app[\\/]routes[\\/]sports-routes\.tsx$/ };

/**
 * Writes `route-preloads.json`: for each group of pages, the script files its pages need beyond
 * the ones every page loads (the entry, React DOM, the app). The server names them as
 * `modulepreload` in those pages' HTML, so a cold sports page fetches its code with the app's
 * instead of after it (docs/shell.md "Speed"; apps/api/src/modules/web/web-app.routes.ts).
 */
function routePreloads(): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const holds = (chunk: Rollup.OutputChunk, pattern: RegExp) => Object.keys(chunk.modules).some((id) => pattern.test(id));
      const withImports = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
      };
      const everyPage = new Set<string>();
      for (const chunk of chunks) {
        if (chunk.isEntry || APP_MODULES.some((pattern) => holds(chunk, pattern))) withImports(chunk.fileName, everyPage);
      }
      const groups: Record<string, string[]> = {};
      for (const [group, pattern] of Object.entries(ROUTE_GROUP_ENTRIES)) {
        const start = chunks.find((chunk) => holds(chunk, pattern));
        if (!start) throw new Error(`route-preloads: no chunk holds the ${group} pages`);
        const files = new Set<string>();
        withImports(start.fileName, files);
        groups[group] = [...files].filter((file) => !everyPage.has(file));
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(groups) });
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadAppChunks(), routePreloads(), precompress()],
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
      output: {
        // Three files for every page instead of two dozen small shared ones (less to compress
        // separately, fewer requests): what main.tsx needs first, React DOM, and the app (main.tsx
        // evaluates each in its own task). Route pages and modals stay in their own chunks.
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 3 },
            { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'app', test: APP_MODULES[1], priority: 1 },
            // A sports page's code in one file rather than a dozen: on a phone network each file
            // costs a round trip, and six at a time share the connections (docs/shell.md "Speed"). What the
            // first page already holds stays in 'app' (higher priority).
            { name: 'sports', test: SPORTS_MODULES, priority: 0 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
