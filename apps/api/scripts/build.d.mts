/** Where `npm run build` puts the server: apps/api/dist/server.js. */
export declare const SERVER_BUNDLE: string;
/** Bundles src/server.ts (and any `*.worker.ts`) into dist/ with esbuild; no type check. */
export declare function buildServer(): Promise<void>;
/** Bundles the given entry points into `outdir`, each as `<name>.js`, as the server is bundled. */
export declare function bundle(entryPoints: string[], outdir: string): Promise<void>;
