import { describe, expect, it } from 'vitest';
import {
  assertNotInsideTransaction,
  checkNestedQueriesFor,
  NestedRootQueryError,
  runInTransactionScope,
} from './transaction-scope';

/** A transaction stand-in: the scope's body, which holds until `release` is called. */
function openScope(): { release: () => void; checkedInside: Promise<unknown> } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const checkedInside = runInTransactionScope((body) =>
    body(async () => {
      await held;
      // After an await, as a service's root-handle query would come.
      return assertNotInsideTransaction();
    }),
  );
  return { release, checkedInside };
}

describe('the transaction scope', () => {
  it('marks each open transaction while others begin and end beside it', async () => {
    const first = openScope();
    const second = openScope();
    // The second ends while the first is still open: the first must still be marked.
    second.release();
    await expect(second.checkedInside).rejects.toBeInstanceOf(NestedRootQueryError);
    first.release();
    await expect(first.checkedInside).rejects.toBeInstanceOf(NestedRootQueryError);
    // Outside any transaction, root-handle queries are fine.
    expect(() => assertNotInsideTransaction()).not.toThrow();
  });

  it('marks a transaction that opens after all the others had ended', async () => {
    const before = openScope();
    before.release();
    await expect(before.checkedInside).rejects.toBeInstanceOf(NestedRootQueryError);
    const after = openScope();
    after.release();
    await expect(after.checkedInside).rejects.toBeInstanceOf(NestedRootQueryError);
  });

  it('keeps the check wherever it is free or a mistake must be found: off only in production before Node 24', async () => {
    const isFree = Number(process.versions.node.split('.')[0]) >= 24;
    try {
      for (const environment of ['development', 'test'] as const) {
        checkNestedQueriesFor(environment);
        const scope = openScope();
        scope.release();
        await expect(scope.checkedInside).rejects.toBeInstanceOf(NestedRootQueryError);
      }
      checkNestedQueriesFor('production');
      const scope = openScope();
      scope.release();
      if (isFree) await expect(scope.checkedInside).rejects.toBeInstanceOf(NestedRootQueryError);
      // Node 20 in production: the promise hooks stay off, and the body runs unmarked.
      else await expect(scope.checkedInside).resolves.toBeUndefined();
    } finally {
      checkNestedQueriesFor('test');
    }
  });
});
