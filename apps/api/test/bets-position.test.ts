import type { Kysely } from 'kysely';
import { type Bet, exposurePaise, positionOf } from '@app/shared';
import SQLite from 'better-sqlite3';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { betPositionsMigration } from '../src/db/migrations/0080-bet-positions';
import { modelBetOf } from '../src/modules/bets/bet-model';
import { findPosition } from '../src/modules/bets/positions.repository';
import { auditLedger } from '../src/modules/ledger/ledger-audit';
import { findOpenFancy, findOpenMatchOdds, type OpenMarket, placeBet } from './bets-support';
import { testDatabaseKind } from './test-app';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

/**
 * Placement keeps (docs/betting.md, "Placement", running position) each player's running position
 * per market (per runner, and per fancy run ladder), updated in the bet's transaction, instead of
 * reading and netting every earlier bet of the player there. The stored position must be the
 * netting of the stored bets after any sequence of placements, and a placement must read none of
 * the earlier bets. (The clock is the test's: prices do not move unless it advances.)
 */
let t: WalletApiApp;
let open: OpenMarket;
let playerCount = 0;

beforeAll(async () => {
  t = await createWalletApiApp({ env: { SIM_SEED: 'bets', SIM_SPEED: '1' } });
  open = await findOpenMatchOdds(t);
}, 60_000);
afterAll(async () => t.close());

async function fundedPlayer(): Promise<{ userId: number; token: string }> {
  playerCount += 1;
  const player = await t.newPlayer(`position${playerCount}`);
  await t.credit(player.userId, 1_000_000_000);
  return player;
}

/** The player's bets in the target as stored, in the shared model. */
async function storedBets(userId: number, target: string): Promise<Bet[]> {
  const rows = await t.database.db
    .selectFrom('bets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('target', '=', target)
    .execute();
  return rows.map(modelBetOf);
}

interface MarketStep {
  runner: number;
  isBack: boolean;
  stack: number;
}

const marketStep: fc.Arbitrary<MarketStep> = fc.record({
  runner: fc.nat(),
  isBack: fc.boolean(),
  stack: fc.integer({ min: 100, max: 5_000 }),
});

function marketBody(step: MarketStep) {
  const runner = open.market.runners[step.runner % open.market.runners.length]!;
  return {
    match_id: open.matchId,
    market_id: open.market.market_id,
    selection_id: runner.selection_id,
    odds: step.isBack ? runner.back[0]!.odds : runner.lay[0]!.odds,
    stack: step.stack,
    is_back: step.isBack ? 1 : 0,
  };
}

describe(`the running position (${testDatabaseKind()})`, () => {
  it('a match-odds market: after every bet of any sequence, the stored position is the netting of the stored bets', async () => {
    const target = `M:${open.market.market_id}`;
    const runnerIds = open.market.runners.map((runner) => runner.selection_id);
    await fc.assert(
      fc.asyncProperty(fc.array(marketStep, { minLength: 1, maxLength: 12 }), async (steps) => {
        const player = await fundedPlayer();
        for (const step of steps) {
          const res = await placeBet(t, 'bet/placeMarketBet', player.token, marketBody(step));
          expect(res.statusCode, res.body).toBe(200);
          const bets = await storedBets(player.userId, target);
          expect(await findPosition(t.database.db, player.userId, target)).toEqual(positionOf(bets));
          expect(res.json().data.market_exposure).toBe(exposurePaise(bets, runnerIds) / 100);
        }
      }),
      { numRuns: 6 },
    );
    expect((await auditLedger(t.database.db)).faults).toEqual([]);
  });

  it('a fancy line: Yes and No bets build the run ladder the netting gives', async () => {
    const { fancy } = await findOpenFancy(t);
    const target = `F:${fancy.fancy_id}`;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 100, max: 5_000 })), { minLength: 1, maxLength: 10 }),
        async (steps) => {
          const player = await fundedPlayer();
          for (const [isBack, stack] of steps) {
            const res = await placeBet(t, 'bet/placeFancyBet', player.token, {
              fancy_id: fancy.fancy_id,
              selection_id: fancy.selection_id,
              bet_type: 'F',
              run: isBack ? fancy.run_yes : fancy.run_no,
              size: isBack ? fancy.size_yes : fancy.size_no,
              stack,
              is_back: isBack ? 1 : 0,
            });
            expect(res.statusCode, res.body).toBe(200);
            const bets = await storedBets(player.userId, target);
            expect(await findPosition(t.database.db, player.userId, target)).toEqual(positionOf(bets));
            expect(res.json().data.market_exposure).toBe(exposurePaise(bets) / 100);
          }
        },
      ),
      { numRuns: 4 },
    );
  });
});

/**
 * Counts the rows that statements reading the `bets` table hand back, at the driver (so the hot
 * queries that go straight to a transaction's connection count too).
 */
function countRowsReadFromBets(): { rows: () => number; restore: () => void } {
  let rows = 0;
  const readsBets = (text: unknown) => typeof text === 'string' && /\bfrom "bets"/i.test(text);
  if (testDatabaseKind() === 'sqlite') {
    const probe = new SQLite(':memory:');
    const statementPrototype = Object.getPrototypeOf(probe.prepare('select 1')) as SQLite.Statement;
    probe.close();
    const all = statementPrototype.all;
    const spy = vi.spyOn(statementPrototype, 'all').mockImplementation(function (this: SQLite.Statement, ...args: unknown[]) {
      const result = all.apply(this, args) as unknown[];
      if (readsBets(this.source)) rows += result.length;
      return result;
    });
    return { rows: () => rows, restore: () => spy.mockRestore() };
  }
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const result = (query as (...params: unknown[]) => unknown).apply(this, args);
    if (readsBets(args[0]) && result instanceof Promise) {
      void result.then(
        (answer: pg.QueryResult) => void (rows += answer.rows.length),
        () => undefined,
      );
    }
    return result;
  } as never);
  return { rows: () => rows, restore: () => spy.mockRestore() };
}

describe(`a bet's cost does not grow with the player's earlier bets (${testDatabaseKind()})`, () => {
  it('placement reads none of the 150 earlier bets of the player in the market', { timeout: 120_000 }, async () => {
    const fresh = await fundedPlayer();
    const veteran = await fundedPlayer();
    for (let index = 0; index < 150; index += 1) {
      const res = await placeBet(
        t,
        'bet/placeMarketBet',
        veteran.token,
        marketBody({ runner: index, isBack: index % 3 !== 0, stack: 100 }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const counter = countRowsReadFromBets();
    try {
      const first = await placeBet(t, 'bet/placeMarketBet', fresh.token, marketBody({ runner: 0, isBack: true, stack: 100 }));
      expect(first.statusCode, first.body).toBe(200);
      const withNone = counter.rows();
      const later = await placeBet(t, 'bet/placeMarketBet', veteran.token, marketBody({ runner: 0, isBack: true, stack: 100 }));
      expect(later.statusCode, later.body).toBe(200);
      expect({ withNone, with150: counter.rows() - withNone }).toEqual({ withNone: 0, with150: 0 });
    } finally {
      counter.restore();
    }
    // The answer still nets all 151: the position is their sum.
    const runnerIds = open.market.runners.map((runner) => runner.selection_id);
    const bets = await storedBets(veteran.userId, `M:${open.market.market_id}`);
    expect(bets).toHaveLength(151);
    expect((await t.post('user/getUserBalance', {}, { token: veteran.token })).json().data.exposure).toBe(
      exposurePaise(bets, runnerIds) / 100,
    );
  });
});

describe(`positions of bets placed before the running position existed (${testDatabaseKind()})`, () => {
  it('migration 0080 sums them from the stored open bets, for every player and market', async () => {
    const db = t.database.db;
    const before = await db.selectFrom('bet_positions').select(['user_id', 'target']).execute();
    expect(before.length).toBeGreaterThan(5);
    await db.schema.dropTable('bet_position_steps').execute();
    await db.schema.dropTable('bet_positions').execute();
    await betPositionsMigration().up(db as unknown as Kysely<unknown>);
    const after = await db.selectFrom('bet_positions').select(['user_id', 'target']).execute();
    expect(after).toHaveLength(before.length);
    for (const { user_id, target } of after) {
      const bets = await storedBets(Number(user_id), target);
      expect(await findPosition(db, Number(user_id), target)).toEqual(positionOf(bets));
    }
  });
});
