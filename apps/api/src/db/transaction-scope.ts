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

/** Called by the driver before it hands out a connection for a root-handle query. */
export function assertNotInsideTransaction(): void {
  if (scope.getStore()?.open) throw new NestedRootQueryError();
}

/** Runs `open` (which begins a transaction) with `body` marked as inside it. */
export function runInTransactionScope<T>(open: (body: <R>(inner: () => Promise<R>) => Promise<R>) => Promise<T>): Promise<T> {
  const state: Scope = { open: false };
  return scope.run(state, () =>
    open(async (inner) => {
      state.open = true;
      try {
        return await inner();
      } finally {
        state.open = false;
      }
    }),
  );
}

/**
 * Runs `fn` as if outside any transaction: for work a transaction starts but does not own, such
 * as the outbox relay's subscribers, which read on their own connections.
 */
export function outsideTransactionScope<T>(fn: () => T): T {
  return scope.exit(fn);
}
