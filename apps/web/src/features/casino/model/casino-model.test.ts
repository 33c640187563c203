import {
  CASINO_CATEGORIES,
  CRASH_CHAIN_VECTORS,
  FAIR_VECTOR_SEEDS,
  FAIR_VECTORS,
  STAKE_CROSS_CHECK_SEEDS,
  STAKE_CROSS_CHECK_VECTORS,
} from '@app/shared';
import { describe, expect, it } from 'vitest';
import { GROUP_TITLES, gameImageUrl, groupPath, hasIndianCasino, isCasinoCategory } from './casino-groups';
import { isValidClientSeed, suggestClientSeed } from './client-seed';
import { verifyCrashRound, verifyRound } from './verify-round';

describe('casino model', () => {
  it('shows the Indian casino only when a provider name contains the configured text', () => {
    expect(hasIndianCasino(['Originals', 'Evo'], 'originals')).toBe(true);
    expect(hasIndianCasino(['Evo'], 'Originals')).toBe(false);
    expect(hasIndianCasino(['Evo'], '')).toBe(false);
  });

  it('knows exactly the contract categories without importing them', () => {
    expect(Object.keys(GROUP_TITLES).sort()).toEqual([...CASINO_CATEGORIES].sort());
    for (const category of CASINO_CATEGORIES) expect(isCasinoCategory(category)).toBe(true);
    expect(isCasinoCategory('toString')).toBe(false);
    expect(isCasinoCategory('poker')).toBe(false);
  });

  it('builds the spec list routes and art addresses', () => {
    expect(groupPath('slot')).toBe('/home/group/all-game-list/slot');
    expect(groupPath('virtual-game')).toBe('/home/group/brino-game-list/virtual-game');
    expect(groupPath('SN')).toBe('/home/group/indian-game-list/SN');
    expect(gameImageUrl('https://img.example.test/games/', 'dice.avif')).toBe('https://img.example.test/games/dice.avif');
  });

  it('verifies the published vectors with WebCrypto, as the browser does', async () => {
    const sets = [
      [FAIR_VECTOR_SEEDS, FAIR_VECTORS],
      [STAKE_CROSS_CHECK_SEEDS, STAKE_CROSS_CHECK_VECTORS],
    ] as const;
    for (const [seeds, vectors] of sets) {
      for (const vector of vectors) {
        const result = await verifyRound({
          game: vector.game,
          serverSeed: seeds.serverSeed,
          clientSeed: seeds.clientSeed,
          nonce: vector.nonce,
          params: vector.params,
        });
        expect(result.serverSeedHash).toBe(seeds.serverSeedHash);
        expect(result.outcome).toEqual(vector.outcome);
        expect(result.multiplier).toBe(vector.multiplier);
      }
    }
  });

  it('verifies the published crash chain: each round links down to the terminating hash', async () => {
    let previous: string = CRASH_CHAIN_VECTORS.terminatingHash;
    for (const round of CRASH_CHAIN_VECTORS.rounds) {
      const result = await verifyCrashRound({
        roundHash: round.hash,
        salt: CRASH_CHAIN_VECTORS.salt,
        previousHash: previous,
        position: round.position,
        terminatingHash: CRASH_CHAIN_VECTORS.terminatingHash,
      });
      expect(result).toEqual({ crashPoint: round.crash_point, isLinkOk: true, isChainOk: true });
      previous = round.hash;
    }
    const last = CRASH_CHAIN_VECTORS.rounds[5];
    const wrong = await verifyCrashRound({
      roundHash: last?.hash ?? '',
      salt: CRASH_CHAIN_VECTORS.salt,
      previousHash: CRASH_CHAIN_VECTORS.terminatingHash,
      position: 5,
      terminatingHash: CRASH_CHAIN_VECTORS.terminatingHash,
    });
    expect(wrong).toMatchObject({ isLinkOk: false, isChainOk: false });
  });

  it('suggests a fresh random client seed the API accepts', () => {
    const first = suggestClientSeed();
    expect(isValidClientSeed(first)).toBe(true);
    expect(first).toMatch(/^[0-9a-f]{20}$/);
    expect(suggestClientSeed()).not.toBe(first);
    expect(isValidClientSeed('has space')).toBe(false);
    expect(isValidClientSeed('x'.repeat(65))).toBe(false);
  });
});
