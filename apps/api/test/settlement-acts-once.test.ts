import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { Fancy } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCommitter } from '../src/db/group-commit';
import { createSettlementService, type SettleResult } from '../src/modules/bets/settlement.service';
import { findOpenMatchOdds, type OpenMarket, placeBet, snapshotsOf } from './bets-support';
import {
  adminCommand,
  type ConsoleOperator,
  type ConsoleTestApp,
  createConsoleTestApp,
  withAuditRefused,
} from './console-support';
import { nextIp } from './payments-support';
import { bundledScript, createPeerApp, runAdminProcess, testDatabaseKind } from './test-app';

/**
 * An operator's settlement acts are exactly once (docs/operators.md, "Exactly once"): a result, a
 * void or a re-settle, from the console or the CLI, claims its Idempotency-Key (`--key`) and writes
 * its audit row in the settlement's own transaction, so the settled bets, the key and the audit row
 * commit together or not at all.
 */
let t: ConsoleTestApp;
let trader: ConsoleOperator;
let owner: ConsoleOperator;

beforeAll(async () => {
  t = await createConsoleTestApp({ env: { SIM_SEED: 'corrections', SIM_SPEED: '1' } });
  trader = await t.newOperator('so-trader', 'trader');
  owner = await t.newOperator('so-owner', 'owner');
}, 60_000);
afterAll(async () => t.close());

const usedMarkets = new Set<string>();
async function freshMarket(): Promise<OpenMarket> {
  const open = await findOpenMatchOdds(t, { skip: usedMarkets });
  usedMarkets.add(open.market.market_id);
  return open;
}

const usedFancies = new Set<number>();
/** An open fancy line no test used yet, with both sides priced. */
async function freshFancy(): Promise<Fancy> {
  for (const snapshot of await snapshotsOf(t)) {
    const fancy = snapshot.fancy.find(
      (line) => line.status === 'OPEN' && line.run_yes !== null && line.run_no !== null && !usedFancies.has(line.fancy_id),
    );
    if (fancy) {
      usedFancies.add(fancy.fancy_id);
      return fancy;
    }
  }
  throw new Error('no unused open fancy line in the simulated feed');
}

async function funded(name: string) {
  const player = await t.newPlayer(name);
  await t.credit(player.userId, 100_000);
  return player;
}

/** A market with a ₹100 back on its first runner by a new player; `winner` is that runner. */
async function marketWithBet(name: string) {
  const open = await freshMarket();
  const player = await funded(name);
  const runner = open.market.runners[0]!;
  const bet = await placeBet(t, 'bet/placeMarketBet', player.token, {
    match_id: open.matchId,
    market_id: open.market.market_id,
    selection_id: runner.selection_id,
    odds: runner.back[0]!.odds,
    stack: 100,
    is_back: 1,
  });
  expect(bet.statusCode, bet.body).toBe(200);
  const other = open.market.runners[1]!.selection_id;
  return { marketId: open.market.market_id, target: `M:${open.market.market_id}`, winner: runner.selection_id, other, player };
}

/** A fancy line with a ₹100 yes by a new player. */
async function fancyWithBet(name: string) {
  const fancy = await freshFancy();
  const player = await funded(name);
  const bet = await placeBet(t, 'bet/placeFancyBet', player.token, {
    fancy_id: fancy.fancy_id,
    selection_id: fancy.selection_id,
    run: fancy.run_yes,
    size: fancy.size_yes,
    stack: 100,
    is_back: 1,
    bet_type: 'F',
  });
  expect(bet.statusCode, bet.body).toBe(200);
  return { fancyId: fancy.fancy_id, target: `F:${fancy.fancy_id}`, run: fancy.run_yes!, player };
}

const settlementsOf = async (target: string) =>
  (
    await t.database.db
      .selectFrom('bet_settlements')
      .select(['settlement_no', 'outcome'])
      .where('target', '=', target)
      .orderBy('settlement_no')
      .execute()
  ).map((row) => `${Number(row.settlement_no)}:${row.outcome}`);

const openBets = async (target: string) =>
  (await t.database.db.selectFrom('bets').select('bet_id').where('target', '=', target).where('status', '=', 'open').execute())
    .length;

const auditsOf = async (target: string) =>
  (
    await t.database.db
      .selectFrom('operator_audit')
      .select(['action', 'after_json'])
      .where('target', '=', target)
      .orderBy('id')
      .execute()
  ).map((row) => ({ action: row.action, after: JSON.parse(row.after_json ?? 'null') as Record<string, unknown> }));

const keyStored = async (key: string) =>
  (await t.database.db.selectFrom('idempotency_keys').select('idem_key').where('idem_key', '=', key).execute()).length;

/** A transaction waits for the one holding the market: in the SQLite committer's queue, or on a PostgreSQL lock. */
async function isVoidWaiting(): Promise<boolean> {
  if (testDatabaseKind() !== 'postgres') return groupCommitter(t.database.db).waiting > 0;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks where not granted`.execute(t.database.db);
  return Number(rows[0]?.n ?? 0) > 0;
}

const adminWithKey = (path: string, body: unknown, token: string, key: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: body as Record<string, unknown>,
    remoteAddress: nextIp(),
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
  });

const admin = (...argv: string[]) => adminCommand(t, ...argv);

describe(`the console's settlement acts apply once per Idempotency-Key (${testDatabaseKind()})`, () => {
  it('admin/declareResult: the same key and body answer the first answer; another body is 409; one settlement, one audit row', async () => {
    const market = await marketWithBet('so_declare');
    const body = { market_id: market.marketId, winner_selection_ids: [market.winner] };
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => adminWithKey('admin/declareResult', body, trader.token, key)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]!.json().data).toEqual({ target: market.target, result: 'settled', settlement_no: 1, bets: 1 });
    expect(new Set(answers.map((res) => JSON.stringify(res.json().data))).size).toBe(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    const other = await adminWithKey('admin/declareResult', { ...body, winner_selection_ids: [market.other] }, trader.token, key);
    expect(other.statusCode).toBe(409);
    expect(await settlementsOf(market.target)).toEqual(['1:winner']);
    expect(await auditsOf(market.target)).toEqual([
      { action: 'sports.result', after: { winners: [market.winner], status: 'settled', settlement_no: 1, bets: 1 } },
    ]);
    // A new key asks again: the market is settled already, and that answer is audited too.
    const anew = await adminWithKey('admin/declareResult', body, trader.token, randomUUID());
    expect(anew.json().data).toMatchObject({ result: 'already', settlement_no: 1, bets: 0 });
    expect((await auditsOf(market.target)).map((row) => row.after.status)).toEqual(['settled', 'already']);
    await t.expectLedgerClean();
  });

  it('admin/void, admin/resettle and admin/fancyResult: each once per key, with its audit row', async () => {
    const market = await marketWithBet('so_correct');
    const declared = await t.admin(
      'admin/declareResult',
      { market_id: market.marketId, winner_selection_ids: [market.winner] },
      trader.token,
    );
    expect(declared.statusCode, declared.body).toBe(200);
    const cashWon = await t.cash(market.player.userId);

    const voidKey = randomUUID();
    const voidBody = { market_id: market.marketId, reason: 'Match abandoned' };
    const voids = await Promise.all(Array.from({ length: 3 }, () => adminWithKey('admin/void', voidBody, trader.token, voidKey)));
    expect(voids.map((res) => res.json().data)).toEqual(
      Array(3).fill({ target: market.target, result: 'settled', settlement_no: 2, bets: 1 }),
    );
    expect(await t.cash(market.player.userId)).toBe(100_000);
    expect(cashWon).toBeGreaterThan(100_000);

    const resettleKey = randomUUID();
    const resettleBody = { market_id: market.marketId, winner_selection_ids: [market.other], reason: 'Result reviewed' };
    const resettles = await Promise.all(
      Array.from({ length: 3 }, () => adminWithKey('admin/resettle', resettleBody, trader.token, resettleKey)),
    );
    expect(resettles.map((res) => res.json().data.settlement_no)).toEqual([3, 3, 3]);
    expect(await settlementsOf(market.target)).toEqual(['1:winner', '2:void', '3:winner']);
    expect((await auditsOf(market.target)).map((row) => row.action)).toEqual(['sports.result', 'sports.void', 'sports.resettle']);
    expect(await t.cash(market.player.userId)).toBe(90_000);

    const fancy = await fancyWithBet('so_fancy');
    const fancyKey = randomUUID();
    const fancyBody = { fancy_id: fancy.fancyId, run: fancy.run };
    const results = await Promise.all(
      Array.from({ length: 3 }, () => adminWithKey('admin/fancyResult', fancyBody, trader.token, fancyKey)),
    );
    expect(results.map((res) => res.json().data.result)).toEqual(['settled', 'settled', 'settled']);
    expect(await settlementsOf(fancy.target)).toEqual(['1:run']);
    expect((await auditsOf(fancy.target)).map((row) => row.action)).toEqual(['sports.fancy_result']);
    await t.expectLedgerClean();
  });

  it('two voids of a settled market at once, each with its own key: one correction, the other answers already', async () => {
    const market = await marketWithBet('so_two_voids');
    await t.admin('admin/declareResult', { market_id: market.marketId, winner_selection_ids: [market.winner] }, trader.token);
    const voids = await Promise.all([
      adminWithKey('admin/void', { market_id: market.marketId }, trader.token, randomUUID()),
      adminWithKey('admin/void', { market_id: market.marketId }, owner.token, randomUUID()),
    ]);
    expect(voids.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(voids.map((res) => res.json().data.result).sort()).toEqual(['already', 'settled']);
    expect(voids.map((res) => res.json().data.settlement_no)).toEqual([2, 2]);
    expect(await settlementsOf(market.target)).toEqual(['1:winner', '2:void']);
    expect((await auditsOf(market.target)).map((row) => row.action)).toEqual(['sports.result', 'sports.void', 'sports.void']);
    expect(await t.cash(market.player.userId)).toBe(100_000);
  });

  it('a void asked while a result is being settled chooses again: the result is corrected to void, each act audited once', async () => {
    const market = await marketWithBet('so_void_race');
    const settlement = createSettlementService(t.database.db, t.clock, t.module);
    const audited: string[] = [];
    let isInside!: () => void;
    const inside = new Promise<void>((resolve) => (isInside = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The result holds its transaction open (its audit row waits) …
    const declared = settlement.settle(market.target, { outcome: 'winner', winnerSelectionId: market.winner }, 'operator', null, {
      within: async (_tx, result) => {
        audited.push(`result:${result.status}`);
        isInside();
        await held;
      },
    });
    await inside;
    // … while the void reads the market unsettled and waits for it.
    const voided = settlement.voidTarget(market.target, 'operator', 'Abandoned', {
      within: async (_tx, result: SettleResult) => {
        audited.push(`void:${result.status}:${result.settlementNo}`);
      },
    });
    for (let polls = 0; !(await isVoidWaiting()) && polls < 10_000; polls++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(await isVoidWaiting()).toBe(true);
    release();
    expect(await declared).toEqual({ status: 'settled', settlementNo: 1, bets: 1 });
    expect(await voided).toEqual({ status: 'settled', settlementNo: 2, bets: 1 });
    expect(audited).toEqual(['result:settled', 'void:settled:2']);
    expect(await settlementsOf(market.target)).toEqual(['1:winner', '2:void']);
    expect(await t.cash(market.player.userId)).toBe(100_000);
    await t.expectLedgerClean();
  });

  it('when the audit row cannot be written nothing is settled, and the same key then settles once', async () => {
    const market = await marketWithBet('so_refused');
    const settled = await marketWithBet('so_refused_void');
    await t.admin('admin/declareResult', { market_id: settled.marketId, winner_selection_ids: [settled.winner] }, trader.token);
    const fancy = await fancyWithBet('so_refused_fancy');
    const acts = [
      ['admin/declareResult', { market_id: market.marketId, winner_selection_ids: [market.winner] }],
      ['admin/void', { market_id: settled.marketId, reason: 'Palpable error' }],
      ['admin/fancyResult', { fancy_id: fancy.fancyId, run: fancy.run }],
    ] as const;
    const keys = acts.map(() => randomUUID());
    await withAuditRefused(t.database.db, 'sports.', async () => {
      for (const [index, [path, body]] of acts.entries()) {
        const res = await adminWithKey(path, body, trader.token, keys[index]!);
        expect(res.statusCode, `${path}: ${res.body}`).toBe(500);
      }
    });
    expect(await settlementsOf(market.target)).toEqual([]);
    expect(await openBets(market.target)).toBe(1);
    expect(await settlementsOf(settled.target)).toEqual(['1:winner']);
    expect(await settlementsOf(fancy.target)).toEqual([]);
    expect(await openBets(fancy.target)).toBe(1);
    expect(await t.cash(market.player.userId)).toBe(90_000);
    for (const key of keys) expect(await keyStored(key)).toBe(0);

    for (const [index, [path, body]] of acts.entries()) {
      const res = await adminWithKey(path, body, trader.token, keys[index]!);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect(res.json().data.result).toBe('settled');
    }
    expect(await settlementsOf(market.target)).toEqual(['1:winner']);
    expect(await settlementsOf(settled.target)).toEqual(['1:winner', '2:void']);
    expect(await settlementsOf(fancy.target)).toEqual(['1:run']);
    expect((await auditsOf(market.target)).map((row) => row.action)).toEqual(['sports.result']);
    expect((await auditsOf(settled.target)).map((row) => row.action)).toEqual(['sports.result', 'sports.void']);
    await t.expectLedgerClean();
  });
});

describe(`the CLI's settlement commands apply once, with their audit row (${testDatabaseKind()})`, () => {
  it('when the audit row cannot be written no settlement changes: market and fancy result, void, resettle', async () => {
    const result = await marketWithBet('so_cli_result');
    const voided = await marketWithBet('so_cli_void');
    const resettled = await marketWithBet('so_cli_resettle');
    const fancyResult = await fancyWithBet('so_cli_fresult');
    const fancyVoid = await fancyWithBet('so_cli_fvoid');
    const fancyResettle = await fancyWithBet('so_cli_fresettle');
    for (const settled of [voided, resettled]) {
      expect((await admin('market', 'result', '--market', settled.marketId, '--winner', String(settled.winner))).code).toBe(0);
    }
    for (const settled of [fancyVoid, fancyResettle]) {
      expect((await admin('fancy', 'result', '--fancy', String(settled.fancyId), '--run', String(settled.run))).code).toBe(0);
    }
    const acts = [
      ['market', 'result', '--market', result.marketId, '--winner', String(result.winner)],
      ['market', 'void', '--market', voided.marketId, '--reason', 'Abandoned'],
      ['market', 'resettle', '--market', resettled.marketId, '--winner', String(resettled.other)],
      ['fancy', 'result', '--fancy', String(fancyResult.fancyId), '--run', String(fancyResult.run)],
      ['fancy', 'void', '--fancy', String(fancyVoid.fancyId)],
      ['fancy', 'resettle', '--fancy', String(fancyResettle.fancyId), '--run', String(fancyResettle.run - 1)],
    ];
    const before = await Promise.all(
      [result, voided, resettled, fancyResult, fancyVoid, fancyResettle].map((item) => settlementsOf(item.target)),
    );
    await withAuditRefused(t.database.db, 'cli.', async () => {
      for (const act of acts) {
        const run = await admin(...act);
        expect(run.code, `${act.join(' ')}: ${run.out}`).not.toBe(0);
        expect(run.err).toMatch(/audit refused by the test/);
      }
    });
    const after = await Promise.all(
      [result, voided, resettled, fancyResult, fancyVoid, fancyResettle].map((item) => settlementsOf(item.target)),
    );
    expect(after).toEqual(before);
    expect(await openBets(result.target)).toBe(1);
    expect(await openBets(fancyResult.target)).toBe(1);

    for (const act of acts) expect((await admin(...act)).code, act.join(' ')).toBe(0);
    expect(await settlementsOf(result.target)).toEqual(['1:winner']);
    expect(await settlementsOf(voided.target)).toEqual(['1:winner', '2:void']);
    expect(await settlementsOf(resettled.target)).toEqual(['1:winner', '2:winner']);
    expect(await settlementsOf(fancyResult.target)).toEqual(['1:run']);
    expect(await settlementsOf(fancyVoid.target)).toEqual(['1:run', '2:void']);
    expect(await settlementsOf(fancyResettle.target)).toEqual(['1:run', '2:run']);
    expect(await auditsOf(result.target)).toEqual([
      { action: 'cli.market.result', after: { winners: [result.winner], status: 'settled', settlement_no: 1, bets: 1 } },
    ]);
    expect(await auditsOf(voided.target)).toEqual([
      expect.objectContaining({ action: 'cli.market.result' }),
      { action: 'cli.market.void', after: { reason: 'Abandoned', status: 'settled', settlement_no: 2, bets: 1 } },
    ]);
    expect((await auditsOf(fancyResettle.target)).map((row) => row.action)).toEqual(['cli.fancy.result', 'cli.fancy.resettle']);
    await t.expectLedgerClean();
  });

  it('--key: the same key and options answer the first answer; other options are refused; one settlement, one audit row', async () => {
    const market = await marketWithBet('so_cli_key');
    const key = randomUUID();
    const declare = (winner: number) =>
      admin('market', 'result', '--market', market.marketId, '--winner', String(winner), '--key', key, '--as', 'so-trader');
    const first = await declare(market.winner);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toBe(`${market.target} settled (settlement 1): 1 bets`);
    const again = await declare(market.winner);
    expect(again.code, again.err).toBe(0);
    expect(again.out.split('\n')).toEqual([
      first.out,
      `(--key ${key} was used before: this is its first answer again; nothing changed)`,
    ]);
    const other = await declare(market.other);
    expect(other.code).toBe(1);
    expect(other.err).toMatch(/already used for another command or other options/);
    expect(await settlementsOf(market.target)).toEqual(['1:winner']);
    expect(await auditsOf(market.target)).toHaveLength(1);

    // A void with a key on the settled market: one correction, however often it is run.
    const voidKey = randomUUID();
    const voids = [];
    for (let run = 0; run < 2; run++) voids.push(await admin('market', 'void', '--market', market.marketId, '--key', voidKey));
    expect(voids.map((run) => run.code)).toEqual([0, 0]);
    expect(voids[1]!.out).toContain(`${market.target} voided (settlement 2, settlement 1 reversed): 1 bets`);
    expect(await settlementsOf(market.target)).toEqual(['1:winner', '2:void']);
    expect((await auditsOf(market.target)).map((row) => row.action)).toEqual(['cli.market.result', 'cli.market.void']);
  });
});

describe(`kill -9 of \`npm run admin\` between a settlement and its audit row (${testDatabaseKind()})`, () => {
  it(
    'neither is kept; the same --key then settles once with one audit row, and the ledger verifies',
    { timeout: 120_000 },
    async () => {
      const market = await marketWithBet('so_cli_killed');
      const key = randomUUID();
      const argv = ['market', 'result', '--market', market.marketId, '--winner', String(market.winner), '--key', key];
      const killed = await promisify(execFile)(process.execPath, [bundledScript('admin-crash'), ...argv], {
        env: { ...process.env, ...t.databaseEnv, LOG_LEVEL: 'silent' },
      }).then(
        () => null,
        (error: { signal?: string }) => error.signal,
      );
      expect(killed).toBe('SIGKILL');
      expect(await settlementsOf(market.target)).toEqual([]);
      expect(await openBets(market.target)).toBe(1);
      expect(await auditsOf(market.target)).toEqual([]);

      const retried = await runAdminProcess(t.databaseEnv, ...argv);
      expect(retried.code, retried.stderr).toBe(0);
      expect(retried.stdout.trim()).toBe(`${market.target} settled (settlement 1): 1 bets`);
      const again = await runAdminProcess(t.databaseEnv, ...argv);
      expect(again.stdout).toContain('this is its first answer again; nothing changed');
      expect(await settlementsOf(market.target)).toEqual(['1:winner']);
      expect(await auditsOf(market.target)).toHaveLength(1);
      expect(await t.cash(market.player.userId)).toBeGreaterThan(100_000);
      await t.expectLedgerClean();
      const verify = await runAdminProcess(t.databaseEnv, 'ledger', 'verify');
      expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    },
  );
});

describe.runIf(testDatabaseKind() === 'postgres')('two API instances on one PostgreSQL', () => {
  it('one Idempotency-Key for a result sent to both instances at once settles once, with one audit row', async () => {
    const peer = await createPeerApp(t, t.clock);
    try {
      const market = await marketWithBet('so_two_instances');
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 === 0 ? t.app : peer.app).inject({
            method: 'POST',
            url: '/api/admin/declareResult',
            payload: { market_id: market.marketId, winner_selection_ids: [market.winner] },
            remoteAddress: nextIp(),
            headers: { authorization: `Bearer ${trader.token}`, 'idempotency-key': key },
          }),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((res) => JSON.stringify(res.json().data))).size).toBe(1);
      expect(answers[0]!.json().data.result).toBe('settled');
      expect(await settlementsOf(market.target)).toEqual(['1:winner']);
      expect(await auditsOf(market.target)).toHaveLength(1);
    } finally {
      await peer.close();
    }
  });
});
