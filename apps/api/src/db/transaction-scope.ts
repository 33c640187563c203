import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Knows whether the running code is inside a unit-of-work transaction, so the driver can refuse a
 * root-handle query there (on SQLite it would wait forever for the transaction's one connection).
 */
interface Scope {
  open: boolean;
}
const scope = new AsyncLocalStorage<Scope>();

export class NestedRootQueryError extends Error {
  constructor() {
    super(
      'The root database handle was used inside a transaction: pass the transaction (tx) down instead. ' +
        'On SQLite this would wait forever for the one connection the transaction holds.',
    );
    this.name = 'NestedRootQueryError';
  }
}

/**
 * Whether transactions are marked for the check. Node 24's AsyncLocalStorage rides on context
 * frames and costs nothing; before Node 24 it runs on promise hooks, a call for every promise of
 * every request while a transaction runs: 3.5-11% of the casino wallet's rounds on Node 20. There,
 * production goes without the check (development and tests keep it, and find the mistake it
 * catches); docs/adr/0023-nested-query-check-where-free.md.
 */
let isChecking = true;

/** Node 24 or later: AsyncLocalStorage on context frames, free. */
const hasFreeAsyncContext = Number(process.versions.node.split('.')[0]) >= 24;

/** Sets the check for the environment the API runs in (`buildApp`, app.ts). */
export function checkNestedQueriesFor(environment: 'development' | 'production' | 'test'): void {
  isChecking = environment !== 'production' || hasFreeAsyncContext;
}

/** Called by the driver before it hands out a connection for a root-handle query. */
export function assertNotInsideTransaction(): void {
  if (scope.getStore()?.open) throw new NestedRootQueryError();
}

/**
 * Transactions running now. On Node 20, AsyncLocalStorage works through async hooks, which once
 * enabled tax every request and promise of the process (measured: 14% of a bare Fastify answer);
 * Node 24's context frames cost nothing. So the storage is switched off whenever no transaction
 * is running, when no one can need it: a scope's flag is false once its body has ended, and
 * code outside any scope reads no store either way. The next `run` switches it back on.
 */
let running = 0;

function left(): void {
  running -= 1;
  if (running === 0) scope.disable();
}

/** Runs `open` (which begins a transaction) with `body` marked as inside it. */
export function runInTransactionScope<T>(open: (body: <R>(inner: () => Promise<R>) => Promise<R>) => Promise<T>): Promise<T> {
  if (!isChecking) return open((inner) => inner());
  const state: Scope = { open: false };
  running += 1;
  let opened: Promise<T>;
  try {
    opened = scope.run(state, () =>
      open(async (inner) => {
        state.open = true;
        try {
          return await inner();
        } finally {
          state.open = false;
        }
      }),
    );
  } catch (error) {
    left();
    throw error;
  }
  return opened.finally(left);
}

/**
 * Runs `fn` as if outside any transaction: for work a transaction starts but does not own, such
 * as the outbox relay's subscribers, which read on their own connections.
 */
export function outsideTransactionScope<T>(fn: () => T): T {
  return scope.exit(fn);
}
