import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fairFloats } from './floats';
import { fairGame, resolveFairRound } from './registry';
import { STAKE_CROSS_CHECK_SEEDS, STAKE_CROSS_CHECK_VECTORS } from './test-vectors';

// Stake's published provably-fair code (stake.com/provably-fair, "Implementation" and "Game
// events"), written out here on its own: nothing below calls our game code. A round computed
// this way is what any public Stake-scheme verifier shows for the same seeds.

function* byteGenerator({
  serverSeed,
  clientSeed,
  nonce,
  cursor,
}: {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  cursor: number;
}) {
  let currentRound = Math.floor(cursor / 32);
  let currentRoundCursor = cursor;
  currentRoundCursor -= currentRound * 32;
  while (true) {
    const hmac = createHmac('sha256', serverSeed);
    hmac.update(`${clientSeed}:${nonce}:${currentRound}`);
    const buffer = hmac.digest();
    while (currentRoundCursor < 32) {
      yield Number(buffer[currentRoundCursor]);
      currentRoundCursor += 1;
    }
    currentRoundCursor = 0;
    currentRound += 1;
  }
}

function generateFloats({
  serverSeed,
  clientSeed,
  nonce,
  cursor,
  count,
}: {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  cursor: number;
  count: number;
}) {
  const rng = byteGenerator({ serverSeed, clientSeed, nonce, cursor });
  const bytes: number[] = [];
  while (bytes.length < count * 4) bytes.push(rng.next().value as number);
  const chunks: number[][] = [];
  for (let index = 0; index < bytes.length; index += 4) chunks.push(bytes.slice(index, index + 4));
  return chunks.map((bytesChunk) =>
    bytesChunk.reduce((result, value, i) => {
      const divider = 256 ** (i + 1);
      const partialResult = value / divider;
      return result + partialResult;
    }, 0),
  );
}

type Seeds = { serverSeed: string; clientSeed: string; nonce: number };
const floatsOf = (seeds: Seeds, count: number) => generateFloats({ ...seeds, cursor: 0, count });

/** Dice: `const roll = (float * 10001) / 100;` (shown to two decimals). */
const stakeDiceRoll = (seeds: Seeds) => ((floatsOf(seeds, 1)[0] as number) * 10001) / 100;

/** Limbo, with houseEdge 0.99. */
function stakeLimbo(seeds: Seeds): number {
  const float = floatsOf(seeds, 1)[0] as number;
  const houseEdge = 0.99;
  const floatPoint = (1e8 / (float * 1e8)) * houseEdge;
  const crashPoint = Math.floor(floatPoint * 100) / 100;
  return Math.max(crashPoint, 1);
}

/** Plinko: one float per row; `DIRECTIONS[Math.floor(float * 2)]`, left = 0, right = 1. */
const stakePlinkoPath = (seeds: Seeds, rows: number) => floatsOf(seeds, rows).map((float) => Math.floor(float * 2));

/** Mines: 24 game events, each float times the tiles still free, picked Fisher–Yates style; the first k are the mines. */
function stakeMines(seeds: Seeds, mines: number): number[] {
  const tiles = Array.from({ length: 25 }, (_, index) => index);
  const events = floatsOf(seeds, 24).map((float, index) => tiles.splice(Math.floor(float * (25 - index)), 1)[0] as number);
  return events.slice(0, mines);
}

/** Roulette: `POCKETS[Math.floor(float * 37)]`, pockets 0 … 36. */
const stakeRoulette = (seeds: Seeds) => Math.floor((floatsOf(seeds, 1)[0] as number) * 37);

/** Our outcome for a round, through the same floats pipeline the server uses. */
const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();
function ours(code: 'dice' | 'limbo' | 'plinko' | 'mines' | 'european-roulette', seeds: Seeds, params: unknown) {
  const game = fairGame(code);
  return resolveFairRound(code, fairFloats(hmac, seeds, game.floatCount(game.params.parse(params))), params).outcome as Record<
    string,
    unknown
  >;
}

describe("Stake's published formulas, written out independently", () => {
  it('give the published cross-check vectors (docs/casino-fairness.md)', () => {
    for (const vector of STAKE_CROSS_CHECK_VECTORS) {
      const seeds = { ...STAKE_CROSS_CHECK_SEEDS, nonce: vector.nonce };
      const outcome = vector.outcome as Record<string, unknown>;
      const params = vector.params as Record<string, number>;
      switch (vector.game) {
        case 'dice':
          // Stake shows its roll to two decimals: the same number as ours.
          expect(Math.floor(stakeDiceRoll(seeds) * 100) / 100).toBe(outcome.roll);
          break;
        case 'limbo':
          expect(stakeLimbo(seeds)).toBe(outcome.result);
          break;
        case 'plinko':
          expect(stakePlinkoPath(seeds, params.rows as number)).toEqual(outcome.path);
          break;
        case 'mines':
          expect(stakeMines(seeds, params.mines as number)).toEqual(outcome.mines);
          break;
        case 'european-roulette':
          expect(stakeRoulette(seeds)).toBe(outcome.pocket);
          break;
      }
    }
  });

  it('agree with our outcomes over 2 000 random seed pairs per game', () => {
    for (let round = 0; round < 2_000; round += 1) {
      const seeds = {
        serverSeed: randomBytes(32).toString('hex'),
        clientSeed: randomBytes(6).toString('base64url'),
        nonce: round,
      };
      const roll = ours('dice', seeds, { target: 50, direction: 'under' }).roll as number;
      const stakeRoll = stakeDiceRoll(seeds);
      expect(roll).toBeLessThanOrEqual(stakeRoll);
      expect(stakeRoll - roll).toBeLessThan(0.01);
      expect(Math.round(roll * 100)).toBe(Math.floor(stakeRoll * 100));
      expect(ours('limbo', seeds, { target: 2 }).result).toBe(stakeLimbo(seeds));
      expect(ours('plinko', seeds, { rows: 16 }).path).toEqual(stakePlinkoPath(seeds, 16));
      const mines = 1 + (round % 24);
      expect(ours('mines', seeds, { mines, tiles: [0] }).mines).toEqual(stakeMines(seeds, mines));
      expect(ours('european-roulette', seeds, { bet: 'red' }).pocket).toBe(stakeRoulette(seeds));
    }
  });
});
