import { defineEndpoint } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { groupCommitter } from '../src/db/group-commit';
import { type IdempotencyClaim, moneyTransaction } from '../src/db/unit-of-work';
import { testDatabaseKind } from './test-app';
import { registerEndpoint } from '../src/plugins/contract';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

/** A money-moving call of the kind bets and payments will add: a stake debited from cash. */
const stake = defineEndpoint({
  method: 'POST',
  path: 'test/stake',
  auth: 'user',
  request: z.strictObject({ amount: z.number().int().positive() }),
  data: z.object({ cash: z.number() }),
  isMoneyMoving: true,
});

let t: WalletApiApp;
let gate: Promise<void> | null = null;
let calls = 0;
/** Amounts whose request fails AFTER the money committed (a post-commit read, a lost acknowledgement). */
const FAIL_AFTER_COMMIT = 77;

beforeAll(async () => {
  t = await createWalletApiApp({
    beforeReady(app) {
      registerEndpoint(app, stake, async ({ body, request }) => {
        calls += 1;
        const userId = request.user.userId;
        if (body.amount === 13) throw new Error('a fault on our side');
        const result = await moneyTransaction(
          t.database.db,
          { userIds: [userId], idempotency: request.idempotency, now: t.clock.now() },
          async (tx) => {
            if (gate) await gate;
            const posted = await t.module.ledger.transfer(tx, {
              kind: 'operator_debit',
              reference: `stake:${randomUUID()}`,
              userId,
              from: { userId, kind: 'cash' },
              to: { system: 'house' },
              amount: body.amount,
            });
            return { cash: posted.balances.get(`u:${userId}:cash`) ?? 0 };
          },
        );
        if (body.amount === FAIL_AFTER_COMMIT && !request.idempotency?.replayed) throw new Error('lost after commit');
        return { data: result, message: `Staked ${body.amount}` };
      });
    },
  });
});
afterAll(async () => t.close());

function send(token: string, amount: number, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/test/stake',
    payload: { amount },
    headers: { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
}

async function playerWith(name: string, paise: number) {
  const player = await t.newPlayer(name);
  await t.credit(player.userId, paise);
  return player;
}

describe('Idempotency-Key on money-moving calls', () => {
  it('applies a key once and replays the first answer to every retry', async () => {
    const { userId, token } = await playerWith('idem_once', 1_000);
    const first = await send(token, 100, 'key-1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: true, message: 'Staked 100', data: { cash: 900 } });
    for (let retry = 0; retry < 3; retry += 1) {
      const again = await send(token, 100, 'key-1');
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect((await t.module.money.readBalances(t.database.db, userId)).cash).toBe(900);
  });

  it('without a key, each call applies', async () => {
    const { userId, token } = await playerWith('idem_none', 1_000);
    await send(token, 100);
    await send(token, 100);
    expect((await t.module.money.readBalances(t.database.db, userId)).cash).toBe(800);
  });

  it('refuses the same key with a different body: 409 CONFLICT, nothing applied', async () => {
    const { userId, token } = await playerWith('idem_conflict', 1_000);
    await send(token, 100, 'key-2');
    const other = await send(token, 200, 'key-2');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ status: false, code: 'CONFLICT' });
    expect((await t.module.money.readBalances(t.database.db, userId)).cash).toBe(900);
  });

  it('keeps keys per user: another player’s identical key is their own request', async () => {
    const a = await playerWith('idem_user_a', 1_000);
    const b = await playerWith('idem_user_b', 1_000);
    expect((await send(a.token, 100, 'shared-key')).json().data).toEqual({ cash: 900 });
    expect((await send(b.token, 100, 'shared-key')).json().data).toEqual({ cash: 900 });
    expect((await t.module.money.readBalances(t.database.db, b.userId)).cash).toBe(900);
  });

  it('replays the first outcome when the request failed after its money committed: the balance moves once', async () => {
    const { userId, token } = await playerWith('idem_after_commit', 1_000);
    const first = await send(token, FAIL_AFTER_COMMIT, 'key-post-commit');
    expect(first.statusCode).toBe(500);
    expect((await t.module.money.readBalances(t.database.db, userId)).cash).toBe(1_000 - FAIL_AFTER_COMMIT);
    const retry = await send(token, FAIL_AFTER_COMMIT, 'key-post-commit');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual({
      status: true,
      message: `Staked ${FAIL_AFTER_COMMIT}`,
      data: { cash: 1_000 - FAIL_AFTER_COMMIT },
    });
    expect((await t.module.money.readBalances(t.database.db, userId)).cash).toBe(1_000 - FAIL_AFTER_COMMIT);
  });

  it('makes a retry racing its original wait for it and replay it, never apply twice', async () => {
    const { userId, token } = await playerWith('idem_race', 1_000);
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const before = calls;
    const first = send(token, 100, 'key-3');
    // The first holds its money transaction open; the retry arrives meanwhile, wherever it then
    // waits (SQLite: for the one connection; PostgreSQL: on the key's unique index).
    while (calls < before + 1) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = send(token, 100, 'key-3');
    await new Promise((resolve) => setTimeout(resolve, 50));
    gate = null;
    open();
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[0]?.body).toBe(answers[1]?.body);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect((await t.module.money.readBalances(t.database.db, userId)).cash).toBe(900);
  });

  it.runIf(testDatabaseKind() === 'sqlite')(
    'answers a retry that shares its original’s commit only once that commit is done (SQLite group commit)',
    async () => {
      const { userId } = await playerWith('idem_batch', 1_000);
      const committer = groupCommitter(t.database.db);
      const heard: string[] = [];
      const observer = committer.onCommit;
      committer.onCommit = (units) => {
        heard.push(`commit of ${units}`);
        observer?.(units);
      };
      try {
        const claim = (): IdempotencyClaim => ({ userId, key: 'batch-key', route: 'POST /api/test/stake', requestHash: 'h' });
        const debit = (name: string, idempotency: IdempotencyClaim) =>
          moneyTransaction(t.database.db, { userIds: [userId], idempotency, now: t.clock.now() }, async (tx) => {
            await t.module.ledger.transfer(tx, {
              kind: 'operator_debit',
              reference: `batch:${randomUUID()}`,
              userId,
              from: { userId, kind: 'cash' },
              to: { system: 'house' },
              amount: 100,
            });
            return { debited: 100 };
          }).then((value) => {
            heard.push(name);
            return value;
          });
        const retry = claim();
        // Both wait for the one writer in the same tick: they share a batch, the retry after the first.
        const answers = await Promise.all([debit('first', claim()), debit('retry', retry)]);
        expect(answers).toEqual([{ debited: 100 }, { debited: 100 }]);
        expect(retry.replayed).toBe(true);
        // One commit, then both answers. Another write of the app (a job, a session's touch) may
        // join the same batch on a busy machine: that makes the commit larger, never two.
        expect(heard.slice(1)).toEqual(['first', 'retry']);
        expect(Number(/^commit of (\d+)$/.exec(heard[0] ?? '')?.[1])).toBeGreaterThanOrEqual(2);
        expect((await t.module.money.readBalances(t.database.db, userId)).cash).toBe(900);
      } finally {
        committer.onCommit = observer;
      }
    },
  );

  it('replays a business refusal too, so a retry cannot turn it into a second attempt', async () => {
    const { token } = await playerWith('idem_refusal', 50);
    const refused = await send(token, 100, 'key-4');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('INSUFFICIENT_BALANCE');
    const again = await send(token, 100, 'key-4');
    expect(again.statusCode).toBe(422);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('keeps no key for a request that failed on our side before moving money, so the retry can run', async () => {
    const { token } = await playerWith('idem_fault', 1_000);
    expect((await send(token, 13, 'key-5')).statusCode).toBe(500);
    const retry = await send(token, 13, 'key-5');
    expect(retry.statusCode).toBe(500);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed key with 400', async () => {
    const { userId, token } = await playerWith('idem_bad', 1_000);
    for (const key of ['', 'a'.repeat(201), 'has space', 'ключ']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/stake',
        payload: { amount: 1 },
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.module.money.readBalances(t.database.db, userId)).cash).toBe(1_000);
  });
});
