import { benchCasinoRounds } from './casino-rounds';
import { measureRtp, RTP_TOLERANCE_POINTS } from './casino-rtp';
import { type BenchScenario, formatRatio } from './harness';

/** 10 000 000 rounds per game (issue 13); CASINO_RTP_ROUNDS lowers it for a quick look. */
const RTP_ROUNDS = Number(process.env.CASINO_RTP_ROUNDS ?? 10_000_000);
const CASINO_ROUNDS = Number(process.env.CASINO_BENCH_ROUNDS ?? 2_000);
const ROUNDS_TARGET_RATIO = 0.5;

export const casinoScenario: BenchScenario = {
  name: 'casino',
  async run(context) {
    const casino = await benchCasinoRounds(CASINO_ROUNDS);
    context.report({
      name: 'casino round (signed bet + win via the wallet API), SQLite',
      value: `${Math.round(casino.roundsPerSecond)} /s`,
    });
    // A round is two ledger transactions (the bet's debit, the win's credit, zero or not), so the
    // raw driver's round is two of its debits: the same statements, the same fsyncs.
    context.report({
      name: '  ledger raw rate per round (2 raw better-sqlite3 debits)',
      value: `${Math.round(casino.rawRoundsPerSecond)} /s`,
    });
    context.report({
      name: '  ratio to raw',
      value: formatRatio(casino.roundsPerSecond / casino.rawRoundsPerSecond, ROUNDS_TARGET_RATIO),
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
