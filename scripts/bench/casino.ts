import { benchLiveTable } from './casino-live';
import { benchCasinoRounds } from './casino-rounds';
import { measureRtp, RTP_TOLERANCE_POINTS } from './casino-rtp';
import { type BenchScenario, formatRatio } from './harness';

/** 10 000 000 rounds per game (docs/casino-fairness.md, "The games and their RTP"); CASINO_RTP_ROUNDS lowers it for a quick look. */
const RTP_ROUNDS = Number(process.env.CASINO_RTP_ROUNDS ?? 10_000_000);
const CASINO_ROUNDS = Number(process.env.CASINO_BENCH_ROUNDS ?? 4_000);
/** `CASINO_ROUNDS_ONLY=postgres` (or `sqlite`) measures that database's rounds only, and nothing else of the scenario. */
const ONLY_ROUNDS_ON = process.env.CASINO_ROUNDS_ONLY as 'sqlite' | 'postgres' | undefined;
/** Rounds of 32 players at once against the raw driver's two debits a round, one after another. */
const ROUNDS_TARGET_RATIO = 1.0;
/** Players a provider runs at once, each playing its rounds one after another. */
const CASINO_PLAYERS = 32;
/** Players in one live-table round (docs/casino.md, "Live tables"); LIVE_BENCH_PLAYERS lowers it for a quick look. */
const LIVE_PLAYERS = Number(process.env.LIVE_BENCH_PLAYERS ?? 1_000);
/** From a live round's close to every player's bet settled. */
const LIVE_SETTLE_TARGET_MS = 2_000;

export const casinoScenario: BenchScenario = {
  name: 'casino',
  async run(context) {
    // A round is two ledger transactions (the bet's debit, the win's credit, zero or not), so the
    // raw driver's round is two of its debits: the same statements, the same fsyncs.
    for (const [kind, players] of [
      ['sqlite', 1],
      ['sqlite', CASINO_PLAYERS],
      ['postgres', CASINO_PLAYERS],
    ] as const) {
      if (ONLY_ROUNDS_ON !== undefined && ONLY_ROUNDS_ON !== kind) continue;
      const casino = await benchCasinoRounds(CASINO_ROUNDS, players, kind);
      const isTarget = players === CASINO_PLAYERS;
      const database = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
      context.report({
        name: `casino rounds via the wallet API, ${database}, ${players === 1 ? '1 player' : `${players} players at once`}`,
        value: `${Math.round(casino.roundsPerSecond)} /s`,
        ...(casino.roundTripsPerRound !== undefined
          ? { note: `${casino.roundTripsPerRound.toFixed(1)} round trips a round (the raw driver's: 14, 7 a debit)` }
          : {}),
      });
      context.report({
        name: `  ledger raw rate per round (2 raw ${kind === 'sqlite' ? 'better-sqlite3' : 'node-postgres'} debits, one after another)`,
        value: `${Math.round(casino.rawRoundsPerSecond)} /s`,
      });
      context.report({
        name: '  ratio to raw',
        value: isTarget
          ? formatRatio(casino.roundsPerSecond / casino.rawRoundsPerSecond, ROUNDS_TARGET_RATIO)
          : `${(casino.roundsPerSecond / casino.rawRoundsPerSecond).toFixed(2)}x`,
        note: isTarget ? undefined : 'every call waits for its own commit: the floor, not the target',
      });
    }
    if (ONLY_ROUNDS_ON !== undefined) return;
    const live = await benchLiveTable(LIVE_PLAYERS);
    const players = `${LIVE_PLAYERS.toLocaleString('en')} players`;
    context.report({
      name: `live table, ${players} in one round: bets accepted`,
      value: `${Math.round(live.betsPerSecond)} /s`,
      note: 'each a signed wallet bet under the round lock, SQLite',
    });
    context.report({
      name: '  close → every bet settled through the wallet',
      value: `${(live.settleMs / 1000).toFixed(2)} s`,
      // As the other rows: the ratio to the target, here the target's time over the time taken.
      note: `${(LIVE_SETTLE_TARGET_MS / live.settleMs).toFixed(2)}x the target (target ≤ ${LIVE_SETTLE_TARGET_MS / 1000} s) ${
        live.settleMs <= LIVE_SETTLE_TARGET_MS ? 'PASS' : 'MISS'
      }`,
    });
    context.report({
      name: `  result broadcast to ${live.socketsTold.toLocaleString('en')} sockets, p99`,
      value: `${live.broadcastP99Ms.toFixed(0)} ms`,
      note: `max ${live.broadcastMaxMs.toFixed(0)} ms${live.socketsTold < LIVE_PLAYERS ? `; ONLY ${live.socketsTold} of ${LIVE_PLAYERS} told` : ''}`,
    });
    for (const row of await measureRtp(RTP_ROUNDS)) {
      context.report({
        name: `RTP ${row.code} ${JSON.stringify(row.params)}`,
        value: `${row.measured.toFixed(3)}% measured / ${row.stated.toFixed(2)}% stated`,
        note: `${RTP_ROUNDS.toLocaleString('en')} rounds; ${row.isWithin ? 'within' : 'OUTSIDE'} ±${RTP_TOLERANCE_POINTS} points`,
      });
    }
  },
};
