import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config/env';
import { moneyTransaction } from '../../apps/api/src/db/unit-of-work';
import { systemClock } from '../../apps/api/src/lib/clock';
import { createCasinoService } from '../../apps/api/src/modules/casino/casino.service';
import { insertUser } from '../../apps/api/src/modules/users/users.repository';
import { createMoneyModule } from '../../apps/api/src/modules/money';
import { prepareDatabase } from '../../apps/api/src/startup';
import { benchCustomer, openTarget, rawLedger } from './wallet-ledger';

/**
 * Casino rounds per second: a bet and a win, each a signed call through the wallet API (Fastify
 * routing, RSA-SHA256 check, the unit of work, the ledger), in-process on a fresh SQLite file;
 * beside the raw driver's rate for the same two ledger transactions a round makes (two raw debits
 * on a database of its own, one after another: the raw driver's best).
 *
 * Two loads: one player's rounds one after another (every call waits for its own commit), and
 * `players` players at once, each playing its rounds one after another, as a provider's table of
 * players does (calls that wait together share a commit: db/group-commit.ts).
 */
/** Rounds and raw debits alternate in this many slices. */
const SLICES = 10;

export interface CasinoRoundsResult {
  players: number;
  roundsPerSecond: number;
  rawRoundsPerSecond: number;
  /** PostgreSQL: the API's round trips per round (db_postgres_writes_total's count). */
  roundTripsPerRound?: number;
}

export async function benchCasinoRounds(
  rounds: number,
  players: number,
  kind: 'sqlite' | 'postgres' = 'sqlite',
): Promise<CasinoRoundsResult> {
  const target = await openTarget(kind);
  await target.database.close();
  // The API as an operator runs it (deploy/casino.env), as the bench's spawned servers are (harness.ts).
  const config = loadConfig({
    NODE_ENV: 'production',
    SMS_LOG_IN_PRODUCTION: '1',
    DATABASE_URL: target.url,
    ...(target.schema ? { DATABASE_SCHEMA: target.schema } : {}),
    SEED_DEMO_DATA: '0',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: '0',
  });
  const database = await prepareDatabase(config);
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const { money } = createMoneyModule({ db: database.db, clock: systemClock });
    const casino = createCasinoService(database.db, systemClock, money, config);
    await casino.registerProvider({
      code: 'benchprov',
      name: 'Bench Provider',
      publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      launchUrl: 'https://bench.example.test/?g={game_code}&t={token}',
    });
    await casino.addGame({ providerCode: 'benchprov', code: 'bench-slot', name: 'Bench Slot', category: 'slot' });
    const tokens: string[] = [];
    for (let player = 0; player < players; player += 1) {
      const userId = await insertUser(database.db, benchCustomer(`benchcasino${player}`));
      await moneyTransaction(database.db, { userIds: [userId], now: Date.now() }, (trx) =>
        money.operatorAdjust(trx, {
          userId,
          direction: 'credit',
          amount: 1_000_000_000,
          reference: `bench:casino:${player}`,
          reason: 'bench',
        }),
      );
      tokens.push(new URL(await casino.launchGame({ userId, sessionId: null }, 'bench-slot', 'en')).searchParams.get('t') ?? '');
    }
    // The provider signs on its side: requests are signed before the clock starts, so what is
    // timed is the platform's work (routing, the signature check, the unit of work, the ledger).
    const signed = (player: number, url: string, body: Record<string, unknown>) => {
      const raw = JSON.stringify({
        operation: url.slice(url.lastIndexOf('/') + 1),
        request_uuid: randomUUID(),
        token: tokens[player],
        game_code: 'bench-slot',
        currency: 'INR',
        ...body,
      });
      return { url, raw, signature: createSign('RSA-SHA256').update(raw).sign(privateKey, 'base64') };
    };
    const roundCalls = (player: number, index: number) => {
      const round = `p${player}-r${index}`;
      return [
        signed(player, '/api/provider/wallet/transaction/bet', { transaction_uuid: `${round}:bet`, round, amount: 100 }),
        signed(player, '/api/provider/wallet/transaction/win', {
          transaction_uuid: `${round}:win`,
          reference_transaction_uuid: `${round}:bet`,
          round,
          amount: index % 2 === 0 ? 198 : 0,
        }),
      ];
    };
    const send = async ({ url, raw, signature }: ReturnType<typeof signed>) => {
      const response = await app.inject({
        method: 'POST',
        url,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-signature': signature },
      });
      if (response.json<{ status: string }>().status !== 'RS_OK') throw new Error(`bench call refused: ${response.body}`);
    };
    /** Each player's calls in order; the players at once. */
    const play = (calls: ReturnType<typeof signed>[][]) =>
      Promise.all(
        calls.map(async (own) => {
          for (const call of own) await send(call);
        }),
      );
    const perPlayer = Math.ceil(rounds / players);
    const callsOf = (from: number, count: number) =>
      tokens.map((_, player) => Array.from({ length: count }, (__, index) => roundCalls(player, from + index)).flat());
    await play(callsOf(-50, 50));
    // Alternate slices of rounds with slices of raw debits (two per round), so that the machine's
    // busy moments fall on both alike; each rate is its total over its own slices.
    const raw = await rawLedger(kind);
    try {
      for (let index = 0; index < 100; index += 1) await raw.debit();
      let casinoSeconds = 0;
      let rawSeconds = 0;
      let played = 0;
      let writes = 0;
      const perSlice = Math.ceil(perPlayer / SLICES);
      for (let slice = 0; slice < SLICES; slice += 1) {
        const calls = callsOf(slice * perSlice, perSlice);
        let started = performance.now();
        const writesBefore = database.postgresWrites?.() ?? 0;
        await play(calls);
        casinoSeconds += (performance.now() - started) / 1000;
        writes += (database.postgresWrites?.() ?? 0) - writesBefore;
        played += perSlice * players;
        started = performance.now();
        for (let index = 0; index < perSlice * players * 2; index += 1) await raw.debit();
        rawSeconds += (performance.now() - started) / 1000;
      }
      return {
        players,
        roundsPerSecond: played / casinoSeconds,
        rawRoundsPerSecond: played / rawSeconds,
        ...(database.postgresWrites ? { roundTripsPerRound: writes / played } : {}),
      };
    } finally {
      await raw.close();
    }
  } finally {
    await app.close();
    await database.close();
    await target.drop();
  }
}
