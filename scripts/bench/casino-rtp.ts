import { createHmac, randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { FAIR_GAME_CODES, type FairGameCode, MULTIPLIER_SCALE, fairFloats, fairGame } from '@app/shared';

export const RTP_TOLERANCE_POINTS = 0.2;

export interface RtpRow {
  code: FairGameCode;
  params: unknown;
  stated: number;
  measured: number;
  isWithin: boolean;
}

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();

/**
 * One game's RTP over `rounds` rounds of its real outcome function (real HMAC-SHA256, a fresh
 * server seed, nonces 0 … n−1), beside the stated RTP.
 */
function measureGame(code: FairGameCode, rounds: number): RtpRow {
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
}

/** Every game's RTP, one child process per game, as many at once as the machine has cores. */
export async function measureRtp(rounds: number): Promise<RtpRow[]> {
  const queue = [...FAIR_GAME_CODES];
  const rows: RtpRow[] = [];
  const runChildren = async () => {
    for (let code = queue.shift(); code; code = queue.shift()) {
      const child = fork(new URL(import.meta.url), ['--game', code, '--rounds', String(rounds)], {
        execArgv: ['--import', 'tsx'],
      });
      rows.push(
        await new Promise<RtpRow>((resolve, reject) => {
          child.once('message', (row) => resolve(row as RtpRow));
          child.once('error', reject);
          child.once('exit', (exitCode) => exitCode !== 0 && reject(new Error(`RTP of ${code}: exit ${exitCode}`)));
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, runChildren));
  return FAIR_GAME_CODES.map((code) => rows.find((row) => row.code === code) as RtpRow);
}

// A child started by measureRtp: measure one game, send the row, exit.
if (process.send && process.argv[2] === '--game') {
  const row = measureGame(process.argv[3] as FairGameCode, Number(process.argv[5]));
  process.send(row, () => process.exit(0));
}
