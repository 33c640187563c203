import { execFileSync } from 'node:child_process';
import { createHash, createHmac, webcrypto } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dealFromDeck } from './cards';
import { fairFloats, fairFloatsAsync, floatsFromDigests } from './floats';
import { diceParams } from './games/dice';
import { crashPointFromNumber, crashPointOfHash, crash, crashWinChance } from './games/crash';
import { dice } from './games/dice';
import { limbo, limboResultHundredths } from './games/limbo';
import { minesMultiplier } from './games/mines';
import { PLINKO_TABLES, plinkoRtpPercent } from './games/plinko';
import { ROULETTE_PAYS, roulette, rouletteWinChance } from './games/roulette';
import { teenPattiScore } from './games/teen-patti';
import { FAIR_GAME_CODES, fairGame, resolveFairRound } from './registry';
import {
  CRASH_CHAIN_VECTORS,
  FAIR_VECTOR_DIGEST_0,
  FAIR_VECTOR_FLOATS_0,
  FAIR_VECTOR_SEEDS,
  FAIR_VECTORS,
  STAKE_CROSS_CHECK_SEEDS,
  STAKE_CROSS_CHECK_VECTORS,
} from './test-vectors';

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();
const webHmac = async (key: string, message: string) => {
  const encoder = new TextEncoder();
  const cryptoKey = await webcrypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await webcrypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
};
const seeds = (nonce: number) => ({ serverSeed: FAIR_VECTOR_SEEDS.serverSeed, clientSeed: FAIR_VECTOR_SEEDS.clientSeed, nonce });

describe('fair floats', () => {
  it('turns the first digest into the published floats', () => {
    expect(hmac(FAIR_VECTOR_SEEDS.serverSeed, `${FAIR_VECTOR_SEEDS.clientSeed}:0:0`).toString('hex')).toBe(FAIR_VECTOR_DIGEST_0);
    expect(createHash('sha256').update(FAIR_VECTOR_SEEDS.serverSeed).digest('hex')).toBe(FAIR_VECTOR_SEEDS.serverSeedHash);
    expect(fairFloats(hmac, seeds(0), 8)).toEqual(FAIR_VECTOR_FLOATS_0);
  });

  it('reads four bytes per float, big end first', () => {
    expect(floatsFromDigests([new Uint8Array([128, 0, 0, 0, 255, 255, 255, 255])], 2)).toEqual([0.5, 1 - 2 ** -32]);
    expect(() => floatsFromDigests([new Uint8Array(32)], 9)).toThrow();
  });

  it('gives the same floats through WebCrypto as through node:crypto, across cursors', async () => {
    expect(await fairFloatsAsync(webHmac, seeds(7), 20)).toEqual(fairFloats(hmac, seeds(7), 20));
  });
});

describe('published test vectors', () => {
  it.each(FAIR_VECTORS.map((vector) => [`${vector.game} nonce ${vector.nonce}`, vector] as const))('%s', (_name, vector) => {
    const game = fairGame(vector.game);
    const floats = fairFloats(hmac, seeds(vector.nonce), game.floatCount(game.params.parse(vector.params)));
    const result = resolveFairRound(vector.game, floats, vector.params);
    expect(result.outcome).toEqual(vector.outcome);
    expect(result.multiplier).toBe(vector.multiplier);
  });

  it('match the standalone verify script (nothing but Node), the crash chain included', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'vectors-'));
    const script = path.resolve(import.meta.dirname, '../../../../../scripts/verify-round.mjs');
    const check = (name: string, content: unknown) => {
      const file = path.join(folder, name);
      writeFileSync(file, JSON.stringify(content));
      return execFileSync(process.execPath, [script, '--vectors', file], { encoding: 'utf8' });
    };
    const total = FAIR_VECTORS.length + CRASH_CHAIN_VECTORS.rounds.length;
    expect(check('main.json', { seeds: FAIR_VECTOR_SEEDS, vectors: FAIR_VECTORS, crash_chain: CRASH_CHAIN_VECTORS })).toContain(
      `${total} of ${total} vectors match`,
    );
    const stake = STAKE_CROSS_CHECK_VECTORS.length;
    expect(check('stake.json', { seeds: STAKE_CROSS_CHECK_SEEDS, vectors: STAKE_CROSS_CHECK_VECTORS })).toContain(
      `${stake} of ${stake} vectors match`,
    );
    // A changed crash point is caught, so the check can fail.
    const forged = { ...CRASH_CHAIN_VECTORS, rounds: [{ ...CRASH_CHAIN_VECTORS.rounds[0], crash_point: 2.14 }] };
    expect(() => check('forged.json', { seeds: FAIR_VECTOR_SEEDS, crash_chain: forged })).toThrow();
  });

  it('recompute rounds of the first rules with --rules 1 (docs/casino-fairness.md, Earlier rules)', () => {
    const script = path.resolve(import.meta.dirname, '../../../../../scripts/verify-round.mjs');
    // Rounds published under version 1, before Dice, Limbo, Mines and Crash changed.
    const versionOne = [
      ['dice', 1, { target: 75.5, direction: 'over' }, { roll: 41.94 }, 0],
      ['limbo', 0, { target: 2 }, { result: 1.01 }, 0],
      ['mines', 1, { mines: 5, tiles: [24] }, { mines: [0, 1, 4, 10, 24] }, 0],
      ['crash', 1, { cashout: 1.2 }, { crash_point: 1.7 }, 12000],
    ] as const;
    for (const [game, nonce, params, outcome, multiplier] of versionOne) {
      const args = ['--game', game, '--server-seed', FAIR_VECTOR_SEEDS.serverSeed, '--client-seed', FAIR_VECTOR_SEEDS.clientSeed];
      const output = execFileSync(
        process.execPath,
        [script, ...args, '--nonce', String(nonce), '--params', JSON.stringify(params), '--rules', '1'],
        { encoding: 'utf8' },
      );
      expect(JSON.parse(output)).toMatchObject({ outcome, multiplier });
    }
  });

  it('covers every game', () => {
    expect(new Set([...FAIR_VECTORS.map((vector) => vector.game), 'crash'])).toEqual(new Set(FAIR_GAME_CODES));
  });

  it('links the published crash chain down to its terminating hash and gives each round its point', () => {
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(sha256(CRASH_CHAIN_VECTORS.salt)).toBe(CRASH_CHAIN_VECTORS.saltHash);
    let previous: string = CRASH_CHAIN_VECTORS.terminatingHash;
    for (const round of CRASH_CHAIN_VECTORS.rounds) {
      expect(sha256(round.hash)).toBe(previous);
      expect(crashPointOfHash(hmac, round.hash, CRASH_CHAIN_VECTORS.salt)).toBe(Math.round(round.crash_point * 100));
      previous = round.hash;
    }
  });

  it('match the Stake cross-check rounds with our code too', () => {
    const stakeSeeds = (nonce: number) => ({ ...STAKE_CROSS_CHECK_SEEDS, nonce });
    expect(createHash('sha256').update(STAKE_CROSS_CHECK_SEEDS.serverSeed).digest('hex')).toBe(
      STAKE_CROSS_CHECK_SEEDS.serverSeedHash,
    );
    for (const vector of STAKE_CROSS_CHECK_VECTORS) {
      const game = fairGame(vector.game);
      const floats = fairFloats(hmac, stakeSeeds(vector.nonce), game.floatCount(game.params.parse(vector.params)));
      const result = resolveFairRound(vector.game, floats, vector.params);
      expect(result.outcome).toEqual(vector.outcome);
      expect(result.multiplier).toBe(vector.multiplier);
    }
  });
});

describe('game rules', () => {
  it('pays roulette 36/37 over every pocket', () => {
    for (const params of [
      { bet: 'red' },
      { bet: 'straight', pick: 0 },
      { bet: 'dozen', pick: 2 },
      { bet: 'column', pick: 3 },
    ] as const) {
      let total = 0;
      for (let pocket = 0; pocket < 37; pocket += 1) total += roulette.resolve([(pocket + 0.5) / 37], params).multiplier;
      expect(total / 37 / 10_000).toBeCloseTo(36 / 37, 10);
    }
  });

  it('shows before the bet what the round pays: roulette pays on the pockets its chance counts', () => {
    const bets = [
      { bet: 'red' },
      { bet: 'high' },
      { bet: 'straight', pick: 17 },
      { bet: 'dozen', pick: 1 },
      { bet: 'column', pick: 2 },
    ] as const;
    for (const params of bets) {
      const won = Array.from({ length: 37 }, (_, pocket) => roulette.resolve([(pocket + 0.5) / 37], params).multiplier);
      expect(won.filter((multiplier) => multiplier > 0)).toEqual(
        Array.from({ length: Math.round(rouletteWinChance(params) * 37) }, () => ROULETTE_PAYS[params.bet]),
      );
    }
    expect(rouletteWinChance({ bet: 'straight', pick: 0 })).toBe(1 / 37);
    expect(rouletteWinChance({ bet: 'black' })).toBe(18 / 37);
    // Crash: a 2× cash-out is reached 49.5% of the time.
    expect(crashWinChance(200)).toBeCloseTo(0.495, 9);
  });

  it('gives Limbo 0.99 / f, floored to the cent, and states its exact RTP', () => {
    expect(limboResultHundredths(0.99)).toBe(100);
    expect(limboResultHundredths(0.5)).toBe(198);
    expect(limboResultHundredths(0.099)).toBe(1000);
    expect(limboResultHundredths(0.999)).toBe(100);
    // f = 0 (one round in 2³²) would be infinite; it reads 2³²×.
    expect(limboResultHundredths(0)).toBe(2 ** 32 * 100);
    for (const target of [1.01, 2, 10, 1000, 10_000]) expect(limbo.rtpPercent({ target })).toBe(99);
    // Floats come in steps of 2⁻³²: 4 253 of them reach 1 000 000×, a shade over 0.99 / m.
    expect(limbo.rtpPercent({ target: 1_000_000 })).toBe(99.02);
  });

  it('crashes at floor(99 × 2³² / (n + 1)) hundredths, 1.00× about 1% of the time', () => {
    expect(crashPointFromNumber(2 ** 32 - 1)).toBe(100);
    expect(crashPointFromNumber(2 ** 31 - 1)).toBe(198);
    expect(crashPointFromNumber(0)).toBe(100_000_000);
    expect(crash.rtpPercent({ cashout: 2 })).toBe(99);
  });

  it('rolls Dice over 10 001 outcomes and states its exact RTP', () => {
    expect(dice.resolve([0], { target: 50, direction: 'under' }).outcome).toEqual({ roll: 0 });
    expect(dice.resolve([1 - 2 ** -32], { target: 50, direction: 'over' })).toEqual({
      outcome: { roll: 100 },
      multiplier: 19800,
    });
    // Under 50: 1.98× on 5 000 of 10 001 rolls.
    expect(dice.rtpPercent({ target: 50, direction: 'under' })).toBe(98.99);
    expect(dice.rtpPercent({ target: 50, direction: 'over' })).toBe(98.99);
  });

  it('states plinko RTPs from its tables, symmetric and near 99%', () => {
    for (const rows of [8, 12, 16] as const) {
      expect(PLINKO_TABLES[rows]).toHaveLength(rows + 1);
      expect([...PLINKO_TABLES[rows]].reverse()).toEqual([...PLINKO_TABLES[rows]]);
      expect(plinkoRtpPercent(rows)).toBeGreaterThan(98.9);
      expect(plinkoRtpPercent(rows)).toBeLessThan(99.1);
    }
  });

  it('pays mines 0.99 / P(all safe)', () => {
    expect(minesMultiplier(1, 1)).toBe(10_312);
    expect(minesMultiplier(24, 1)).toBe(247_500);
  });

  it('ranks teen patti hands: trail > pure sequence > sequence > color > pair > high card', () => {
    const card = (rank: number, suit: number) => suit * 13 + rank - 1;
    const trail = teenPattiScore([card(2, 0), card(2, 1), card(2, 2)]);
    const pure = teenPattiScore([card(1, 0), card(13, 0), card(12, 0)]);
    const run = teenPattiScore([card(1, 0), card(2, 1), card(3, 2)]);
    const lowRun = teenPattiScore([card(2, 0), card(3, 1), card(4, 2)]);
    const color = teenPattiScore([card(1, 3), card(9, 3), card(5, 3)]);
    const pair = teenPattiScore([card(13, 0), card(13, 1), card(2, 2)]);
    const high = teenPattiScore([card(1, 0), card(10, 1), card(4, 2)]);
    expect([trail, pure, run, color, pair, high].map((hand) => hand.hand)).toEqual([
      'trail',
      'pure sequence',
      'sequence',
      'color',
      'pair',
      'high card',
    ]);
    const scores = [trail, pure, run, lowRun, color, pair, high].map((hand) => hand.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('deals distinct cards', () => {
    const floats = fairFloats(hmac, seeds(3), 52);
    expect(new Set(dealFromDeck(floats, 52)).size).toBe(52);
  });

  it('refuses bad bets', () => {
    expect(diceParams.safeParse({ target: 50.123, direction: 'under' }).success).toBe(false);
    expect(diceParams.safeParse({ target: 99.5, direction: 'under' }).success).toBe(false);
    expect(() => resolveFairRound('mines', [0.1], { mines: 3, tiles: [1, 1] })).toThrow();
    expect(() => resolveFairRound('european-roulette', [0.1], { bet: 'red', pick: 3 })).toThrow();
  });

  it('states an RTP for every game', () => {
    for (const code of FAIR_GAME_CODES) {
      const game = fairGame(code);
      expect(game.rtpPercent(game.benchParams)).toBeGreaterThan(95);
      expect(game.rtpPercent(game.benchParams)).toBeLessThanOrEqual(99.01);
    }
  });
});
