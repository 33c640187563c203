import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exposurePaise, type MarketBet, type MarketsSnapshot } from '@app/shared';
import type { Insertable } from 'kysely';
import { loadConfig } from '../../apps/api/src/config/env';
import { openDatabase } from '../../apps/api/src/db/database';
import { moneyTransaction } from '../../apps/api/src/db/unit-of-work';
import { systemClock } from '../../apps/api/src/lib/clock';
import type { BetsTable } from '../../apps/api/src/modules/bets/bets.table';
import { createSettlementService } from '../../apps/api/src/modules/bets/settlement.service';
import { createSessionsService } from '../../apps/api/src/modules/sessions/sessions.service';
import { insertUser } from '../../apps/api/src/modules/users/users.repository';
import { createWalletModule } from '../../apps/api/src/modules/money/money.module';
import { prepareDatabase } from '../../apps/api/src/startup';
import type autocannon from 'autocannon';
import { type BenchScenario, formatMicros, formatMs, formatRate, type RunningServer } from './harness';
import { benchCustomer } from './wallet-ledger';

/**
 * Issue 12: bet placements per second through HTTP from 200 players (the raw-driver comparison is
 * not built yet), and settling one market that holds 100,000 bets (1,000 players × 100), on SQLite.
 */
const PLAYERS = 1_000;
const BETS_PER_PLAYER = 100;
const TARGET_SECONDS = 5;
const TARGET = 'M:1.bench';
const RUNNERS = [101, 102, 103];

const PLACING_PLAYERS = 200;
const PLAYER_FUNDS = 1_000_000_000;

/** 200 players with a session and money, written straight into the server's database (as wallet.ts does). */
async function placingPlayers(server: RunningServer): Promise<string[]> {
  const config = loadConfig({ ...server.env, LOG_LEVEL: 'silent' });
  const database = openDatabase(config.DATABASE_URL);
  const sessions = createSessionsService(database.db, systemClock, { idleMinutes: config.SESSION_IDLE_MINUTES });
  const { ledger } = createWalletModule(database.db, systemClock);
  const tokens: string[] = [];
  try {
    for (let index = 0; index < PLACING_PLAYERS; index += 1) {
      const token = await database.db.transaction().execute(async (trx) => {
        const userId = await insertUser(trx, benchCustomer(`benchbet${String(index).padStart(3, '0')}`));
        await ledger.transfer(trx, {
          kind: 'operator_credit',
          reference: `bench:bets:${userId}`,
          userId,
          from: { system: 'house' },
          to: { userId, kind: 'cash' },
          amount: PLAYER_FUNDS,
        });
        return (await sessions.start(trx, userId, { ip: '127.0.0.1', userAgent: 'bench' })).token;
      });
      tokens.push(token);
    }
    return tokens;
  } finally {
    await database.close();
  }
}

/** A match-odds market of a match an hour or more away (no in-play delay), from the server itself. */
async function farMarket(server: RunningServer) {
  const config = loadConfig({ ...server.env, LOG_LEVEL: 'silent' });
  const database = openDatabase(config.DATABASE_URL);
  try {
    const matches = await database.db
      .selectFrom('matches')
      .select('match_id')
      .where('start_time', '>', Date.now() + 3_600_000)
      .orderBy('start_time')
      .execute();
    for (const { match_id } of matches) {
      const response = await fetch(`${server.url}/api/market/getMarkets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ match_id: Number(match_id) }),
      });
      const snapshot = ((await response.json()) as { data: MarketsSnapshot }).data;
      const market = snapshot.markets.find((item) => item.market_type === 'MATCH_ODDS' && item.status === 'OPEN');
      if (market)
        return { match_id: Number(match_id), market_id: market.market_id, selection_id: market.runners[0]!.selection_id };
    }
  } finally {
    await database.close();
  }
  throw new Error('no open match-odds market an hour away');
}

export const betsScenario: BenchScenario = {
  name: 'bets: placements through HTTP, settling one market of 100,000 bets (SQLite)',
  async run({ startApi, load, report }) {
    const api = await startApi();
    const tokens = await placingPlayers(api);
    const market = await farMarket(api);
    // A back at 1.01 is taken at any offered price: every request is a full placement.
    const body = JSON.stringify({ ...market, odds: 1.01, stack: 100, is_back: 1 });
    const requests: autocannon.Request[] = tokens.map((token) => ({
      method: 'POST',
      path: '/api/bet/placeMarketBet',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    }));
    const placed = await load({ url: api.url, server: api, method: 'POST', requests, connections: 32, durationSeconds: 8 });
    await api.stop();
    report({
      name: `POST bet/placeMarketBet, ${PLACING_PLAYERS} players (synchronous=FULL)`,
      value: formatRate(placed.requestsPerSecond),
      note: `p99 ${formatMs(placed.p99Ms)}, server CPU ${formatMicros(placed.cpuMicrosPerRequest)} per bet${
        placed.non2xx + placed.errors > 0 ? `, ${placed.non2xx} non-2xx, ${placed.errors} errors` : ''
      }`,
    });

    const folder = mkdtempSync(path.join(tmpdir(), 'casino-bets-bench-'));
    const database = await prepareDatabase(
      loadConfig({ DATABASE_URL: `sqlite:${path.join(folder, 'bets.db')}`, SEED_DEMO_DATA: '0', LOG_LEVEL: 'silent' }),
    );
    try {
      const db = database.db;
      const wallet = createWalletModule(db, systemClock);
      for (let index = 0; index < PLAYERS; index += 1) {
        const userId = await insertUser(db, benchCustomer(`settle${index}`));
        // Backs and lays across the runners at varied odds, each player's exposure held as placement would.
        const rows: Insertable<BetsTable>[] = Array.from({ length: BETS_PER_PLAYER }, (_, bet) => ({
          user_id: userId,
          reference: `bench:${bet}`,
          target: TARGET,
          kind: 'match_odds',
          sport_id: 4,
          match_id: 1,
          match_name: 'bench',
          market_id: '1.bench',
          fancy_id: null,
          market_name: 'Match Odds',
          selection_id: RUNNERS[bet % RUNNERS.length]!,
          selection_name: 'runner',
          is_back: bet % 3 === 0 ? 0 : 1,
          odds: 150 + (bet % 50),
          run: null,
          stake: 10_000 + bet,
          liability: 0,
          possible_win: 0,
          status: 'open',
          profit_loss: null,
          settlement_id: null,
          placed_at: Date.now(),
          settled_at: null,
        }));
        const bets: MarketBet[] = rows.map((row) => ({
          kind: 'match_odds',
          selectionId: row.selection_id,
          isBack: row.is_back === 1,
          odds: row.odds,
          stakePaise: row.stake,
        }));
        await moneyTransaction(db, { userIds: [userId], now: Date.now() }, async (tx) => {
          await wallet.ledger.transfer(tx, {
            kind: 'operator_credit',
            reference: `bench:settle:${userId}`,
            userId,
            from: { system: 'house' },
            to: { userId, kind: 'cash' },
            amount: 100_000_000,
          });
          for (let at = 0; at < rows.length; at += 50)
            await tx
              .insertInto('bets')
              .values(rows.slice(at, at + 50))
              .execute();
          await wallet.wallet.setMarketExposure(tx, {
            userId,
            marketKey: 'market:1.bench',
            exposure: exposurePaise(bets, RUNNERS),
            cause: 'bench',
          });
        });
      }
      const settlement = createSettlementService(db, systemClock, wallet);
      const started = performance.now();
      const result = await settlement.settle(TARGET, { outcome: 'winner', winnerSelectionId: RUNNERS[0]! }, 'operator');
      const seconds = (performance.now() - started) / 1000;
      report({
        name: `settle one market: ${result.bets.toLocaleString('en')} bets, ${PLAYERS} players`,
        value: `${seconds.toFixed(2)} s`,
        note: `target ≤ ${TARGET_SECONDS} s ${seconds <= TARGET_SECONDS ? 'met' : 'MISSED'}`,
      });
    } finally {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
