import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'];
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
// expect.poll gives up after 1 s by default: less than a page load or a worker's start on a
// loaded two-core CI machine. A poll that passes returns as soon as it passes.
const patientPolls = { poll: { timeout: 10_000 } };
// A file's set-up builds an app and migrates a database: 2–4 s alone, past the default 10 s when
// both cores are busy (CI runs two files at once beside PostgreSQL and the journeys' servers).
const patientHooks = 60_000;
// An API test may start `npm run admin` or server processes a few times (Node's start, the
// database opened): a second or two each alone, 10 s and more each on a loaded two-core machine.
const patientTests = 60_000;
// Bundles the admin CLI and the server scripts once per run for the tests that start them as processes.
const adminCli = 'apps/api/test/global-setup.ts';
// An API test file builds its own app on its own database and closes it: nothing it needs is left
// in module state by another file (the app's caches and registries belong to the app). So a
// worker keeps the API's modules loaded from one file to the next instead of evaluating them
// again for each: CI's import time was 393 s of a 1,338 s run. A file must not change module
// state that outlives its app (vi.mock, process.env): none does.
const sharedModules = false;

/**
 * Test tiers: pure shared rules; the API through real HTTP on SQLite (and again on PostgreSQL
 * when TEST_DATABASE_URL is set); web units; browser journeys in real Chromium.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's two cores, one file at a time.
    // Two API files at once take 230 s instead of 340 s there. The browser journeys keep
    // their own group, one file at a time, after the rest.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Property tests over thousands of rounds take seconds alone: the 5 s default is a coin toss on a busy machine.
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'api',
          include: apiTests,
          isolate: sharedModules,
          env: { TEST_DB_KIND: 'sqlite' },
          testTimeout: patientTests,
          hookTimeout: patientHooks,
          expect: patientPolls,
          globalSetup: adminCli,
        },
      },
      ...(hasPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTests,
                isolate: sharedModules,
                env: { TEST_DB_KIND: 'postgres' },
                testTimeout: patientTests,
                hookTimeout: patientHooks,
                expect: patientPolls,
                globalSetup: adminCli,
              },
            },
          ]
        : []),
      {
        // The site's own `@/` imports (apps/web/vite.config.ts), for modules that read lib/.
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.e2e.ts'],
          setupFiles: ['e2e/support/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: patientPolls,
          globalSetup: adminCli,
          isolate: sharedModules,
          // After the other projects (a group of their own: Vitest runs groups one after another),
          // two journey files at a time: most of a journey is waiting (a Crash round, a race, a poll),
          // and one file at a time left a core idle for half of CI's run.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
