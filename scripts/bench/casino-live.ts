import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LiveRoundView, LiveTableMessage } from '@app/shared';
import WebSocket from 'ws';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config/env';
import { moneyTransaction } from '../../apps/api/src/db/unit-of-work';
import { systemClock } from '../../apps/api/src/lib/clock';
import { createCasinoService } from '../../apps/api/src/modules/casino/casino.service';
import { createDrandRelay, createRoundChains } from '../../apps/api/src/modules/fair-games';
import { createMoneyModule } from '../../apps/api/src/modules/money';
import { insertUser } from '../../apps/api/src/modules/users/users.repository';
import { prepareDatabase } from '../../apps/api/src/startup';
import { percentile } from './harness';
import { benchCustomer } from './wallet-ledger';

/**
 * A live table with `players` players in one round (docs/casino.md, "Live tables"): every player watches the table on
 * its own socket and places one bet through the table's API (the wallet's signed bet call, the
 * round's lock), then the round closes. Measured: bets accepted per second, the time from the
 * close to every bet settled (each win a signed wallet call), and how long the result took to
 * reach each socket (p99). In-process on a fresh SQLite file, the sockets over loopback.
 *
 * The app's clock runs `offset` ms ahead of the machine's: the round stays open while the bets
 * come in, then the clock jumps to its close.
 */
const TABLE = 'live-andar-bahar';
/** Bets in flight at once, as many players tapping at the same moment. */
const BET_CONCURRENCY = 64;
const STAKE_RUPEES = 10;

export interface LiveTableResult {
  players: number;
  betsPerSecond: number;
  /** From the close to the last bet settled. */
  settleMs: number;
  broadcastP99Ms: number;
  broadcastMaxMs: number;
  /** Sockets that heard the result (all of them, or the bench says so). */
  socketsTold: number;
}

export async function benchLiveTable(players: number): Promise<LiveTableResult> {
  const folder = mkdtempSync(path.join(tmpdir(), 'casino-live-bench-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${path.join(folder, 'live.db')}`,
    SEED_DEMO_DATA: '0',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: '0',
    LIVE_TABLE_BETTING_MS: '120000',
    LIVE_TABLE_RESULT_MS: '5000',
    LIVE_SOCKETS_PER_ADDRESS: String(players + 10),
  });
  let offset = 0;
  const clock = { now: () => Date.now() + offset };
  const database = await prepareDatabase(config, clock);
  const app = await buildApp({ config, database, clock });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws`;
  const sockets: WebSocket[] = [];
  try {
    // The table's rounds walk a published chain (docs/casino-fairness.md, "Round chains").
    await createRoundChains({ db: database.db, clock, beacon: createDrandRelay([]), defaultNoticeMs: 0 }).create({
      gameCode: TABLE,
      length: 1_000,
      salt: 'self',
    });
    const { money } = createMoneyModule({ db: database.db, clock: systemClock });
    const casino = createCasinoService(database.db, clock, money, config);
    const tokens: string[] = [];
    for (let player = 0; player < players; player += 1) {
      const userId = await insertUser(database.db, benchCustomer(`benchlive${player}`));
      await moneyTransaction(database.db, { userIds: [userId], now: Date.now() }, (trx) =>
        money.operatorAdjust(trx, {
          userId,
          direction: 'credit',
          amount: 1_000_000,
          reference: `bench:live:${player}`,
          reason: 'bench',
        }),
      );
      tokens.push(
        new URL(await casino.launchGame({ userId, sessionId: null }, TABLE, 'en'), 'https://site.test').searchParams.get(
          'token',
        ) ?? '',
      );
    }
    // Each player from an address of its own, as players are (the per-address rate limits).
    const post = (player: number, endpoint: string, payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/${endpoint}`,
        payload,
        remoteAddress: `10.${(player >> 16) & 255}.${(player >> 8) & 255}.${player & 255}`,
      });

    const state = await post(0, 'fair/liveState', { token: tokens[0], table: TABLE });
    const round = (state.json() as { data: { round: LiveRoundView } }).data.round;

    // Every player watches the table.
    const heard = new Map<WebSocket, number>();
    await Promise.all(
      Array.from({ length: players }, async () => {
        const socket = new WebSocket(url);
        sockets.push(socket);
        await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
        const snapshot = new Promise<void>((resolve) => {
          socket.on('message', (data) => {
            const message = JSON.parse(data.toString()) as LiveTableMessage;
            if (message.type !== 'table') return;
            if (message.event === 'snapshot') resolve();
            if (message.event === 'result' && message.round?.round_number === round.round_number) {
              // The publish time on the server's clock, back on the machine's.
              heard.set(socket, Date.now() - (message.now - offset));
            }
          });
        });
        socket.send(JSON.stringify({ type: 'table_subscribe', table: TABLE }));
        await snapshot;
      }),
    );

    // Every player bets once on the round, BET_CONCURRENCY at a time.
    let next = 0;
    const betStarted = performance.now();
    await Promise.all(
      Array.from({ length: Math.min(BET_CONCURRENCY, players) }, async () => {
        while (next < players) {
          const player = next++;
          const res = await post(player, 'fair/liveBet', {
            token: tokens[player],
            table: TABLE,
            round_number: round.round_number,
            spot: player % 2 === 0 ? 'andar' : 'bahar',
            stake: STAKE_RUPEES,
          });
          if (res.statusCode !== 200) throw new Error(`bench bet refused: ${res.body}`);
        }
      }),
    );
    const betsPerSecond = players / ((performance.now() - betStarted) / 1000);

    // The close: the clock reaches the end of betting and the next request closes the round.
    offset += round.betting_ends_at - clock.now() + 1;
    const closedAt = performance.now();
    await post(0, 'fair/liveState', { token: tokens[0], table: TABLE });
    for (;;) {
      const row = await database.db
        .selectFrom('live_table_bets')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('table_code', '=', TABLE)
        .where('round_number', '=', round.round_number)
        .where('status', '=', 'settled')
        .executeTakeFirstOrThrow();
      if (Number(row.count) >= players) break;
      if (performance.now() - closedAt > 120_000) throw new Error(`only ${row.count} of ${players} bets settled in 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const settleMs = performance.now() - closedAt;
    const deadline = performance.now() + 10_000;
    while (heard.size < players && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const delays = [...heard.values()];
    return {
      players,
      betsPerSecond,
      settleMs,
      broadcastP99Ms: percentile(delays, 0.99),
      broadcastMaxMs: Math.max(...delays),
      socketsTold: heard.size,
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await app.close();
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
