import { createHmac, randomBytes } from 'node:crypto';
import { FAIR_GAME_CODES, MULTIPLIER_SCALE, fairFloats, fairGame } from '@app/shared';
import { benchCasinoRounds } from './casino-rounds';
import { type BenchScenario, formatRatio } from './harness';
import { benchLedger } from './wallet-ledger';

/** 10 000 000 rounds per game (issue 13); CASINO_RTP_ROUNDS lowers it for a quick look. */
const RTP_ROUNDS = Number(process.env.CASINO_RTP_ROUNDS ?? 10_000_000);
const RTP_TOLERANCE_POINTS = 0.2;
const CASINO_ROUNDS = Number(process.env.CASINO_BENCH_ROUNDS ?? 2_000);
const ROUNDS_TARGET_RATIO = 0.5;

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();

/**
 * Each game's RTP measured over RTP_ROUNDS rounds of its real outcome function (real HMAC-SHA256,
 * a fresh server seed per game, nonces 0 … n−1), printed beside the stated RTP.
 */
export function measureRtp(rounds: number) {
  return FAIR_GAME_CODES.map((code) => {
    const game = fairGame(code);
    const params: unknown = game.params.parse(game.benchParams);
    const floatCount = game.floatCount(params);
    const serverSeed = randomBytes(32).toString('hex');
    let returned = 0;
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      returned += game.resolve(fairFloats(hmac, { serverSeed, clientSeed: 'rtp-bench', nonce }, floatCount), params).multiplier;
    }
    const measured = (returned / MULTIPLIER_SCALE / rounds) * 100;
    const stated = game.rtpPercent(params);
    return { code, params: game.benchParams, stated, measured, isWithin: Math.abs(measured - stated) <= RTP_TOLERANCE_POINTS };
  });
}

export const casinoScenario: BenchScenario = {
  name: 'casino',
  async run(context) {
    const casino = await benchCasinoRounds(CASINO_ROUNDS);
    const ledger = await benchLedger({ kind: 'sqlite', writers: 1, debits: CASINO_ROUNDS });
    context.report({
      name: 'casino round (signed bet + win via the wallet API), SQLite',
      value: `${Math.round(casino.roundsPerSecond)} /s`,
    });
    // A round is two ledger transactions (the bet's debit, the win's credit, zero or not), so the
    // raw driver's round takes two of its debits: the same statements, the same fsyncs.
    const rawRounds = ledger.rawRate / 2;
    context.report({
      name: '  ledger raw rate per round (2 raw better-sqlite3 transactions)',
      value: `${Math.round(rawRounds)} /s`,
      note: `${Math.round(ledger.rawRate)} raw debits/s`,
    });
    context.report({ name: '  ratio to raw', value: formatRatio(casino.roundsPerSecond / rawRounds, ROUNDS_TARGET_RATIO) });
    for (const row of measureRtp(RTP_ROUNDS)) {
      context.report({
        name: `RTP ${row.code} ${JSON.stringify(row.params)}`,
        value: `${row.measured.toFixed(3)}% measured / ${row.stated.toFixed(2)}% stated`,
        note: `${RTP_ROUNDS.toLocaleString('en')} rounds; ${row.isWithin ? 'within' : 'OUTSIDE'} ±${RTP_TOLERANCE_POINTS} points`,
      });
    }
  },
};
