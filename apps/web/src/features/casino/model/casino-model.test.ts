import { CASINO_CATEGORIES, FAIR_VECTOR_SEEDS, FAIR_VECTORS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { GROUP_TITLES, gameImageUrl, groupPath, hasIndianCasino, isCasinoCategory } from './casino-groups';
import { verifyRound } from './verify-round';

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
    for (const vector of FAIR_VECTORS) {
      const result = await verifyRound({
        game: vector.game,
        serverSeed: FAIR_VECTOR_SEEDS.serverSeed,
        clientSeed: FAIR_VECTOR_SEEDS.clientSeed,
        nonce: vector.nonce,
        params: vector.params,
      });
      expect(result.serverSeedHash).toBe(FAIR_VECTOR_SEEDS.serverSeedHash);
      expect(result.outcome).toEqual(vector.outcome);
      expect(result.multiplier).toBe(vector.multiplier);
    }
  });
});
