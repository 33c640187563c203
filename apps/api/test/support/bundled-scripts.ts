/** Scripts that tests start as processes of their own, by their path under apps/api. */
export const BUNDLED_SCRIPTS = {
  admin: 'src/cli/admin.ts',
  server: 'src/server.ts',
  'api-server': 'test/support/api-server.ts',
  'stake-server': 'test/support/stake-server.ts',
  'payment-crash-server': 'test/support/payment-crash-server.ts',
  'operator-crash-server': 'test/support/operator-crash-server.ts',
  'admin-crash': 'test/support/admin-crash.ts',
} as const;
export type BundledScript = keyof typeof BUNDLED_SCRIPTS;

declare module 'vitest' {
  export interface ProvidedContext {
    /** Each of BUNDLED_SCRIPTS bundled once per run for plain `node` by test/global-setup.ts. */
    processBundles: Record<BundledScript, string>;
  }
}
