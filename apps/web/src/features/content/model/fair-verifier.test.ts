import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToFloat, floatsFromBytes, isValidNonce, outcomeIndex, roundBytes, toHex, verifyRound } from './fair-verifier';

// The worked example printed on the provably-fair page (all three languages).
const SERVER_SEED = '3f1c9a8e5b7d2046c1e8f09a4b6d3e7215c8a9f0e4d6b2a1c7e9f3058d4b6a2e';
const CLIENT_SEED = 'lucky-player';

describe('provably-fair verifier', () => {
  it('reproduces the page example: hash, HMAC bytes, first float and outcomes', async () => {
    const round = await verifyRound(SERVER_SEED, CLIENT_SEED, 0);
    expect(round.serverSeedHash).toBe('5836333bcb47ebdc01e31a30f11753f6d1aadef82931212961510ff6629b3844');
    expect(round.hmacHex).toBe('4b3ee4457a7d421d729d187fc24a827b9f44db7d6b49936141b9e1e2dbaec599');
    expect(round.firstBytes).toEqual([75, 62, 228, 69]);
    expect(round.firstFloat).toBeCloseTo(0.2939284008, 10);
    expect(outcomeIndex(round.firstFloat, 37)).toBe(10);
    expect(outcomeIndex(round.firstFloat, 6) + 1).toBe(2);
  });

  it('agrees with node:crypto for other seeds, nonces and cursors', async () => {
    for (const [nonce, cursor] of [
      [1, 0],
      [42, 3],
    ] as const) {
      const expected = createHmac('sha256', 'another seed').update(`my seed:${nonce}:${cursor}`).digest('hex');
      expect(toHex(await roundBytes('another seed', 'my seed', nonce, cursor))).toBe(expected);
    }
    const round = await verifyRound('सर्वर', 'ক্লায়েন্ট', 7);
    expect(round.serverSeedHash).toBe(createHash('sha256').update('सर्वर', 'utf8').digest('hex'));
  });

  it('turns four bytes into a float in [0, 1), most significant byte first', () => {
    expect(bytesToFloat([0, 0, 0, 0])).toBe(0);
    expect(bytesToFloat([128, 0, 0, 0])).toBe(0.5);
    expect(bytesToFloat([255, 255, 255, 255])).toBeLessThan(1);
    expect(bytesToFloat([0, 1, 0, 0])).toBe(1 / 65536);
    expect(() => bytesToFloat([1, 2, 3])).toThrow();
    expect(floatsFromBytes(new Uint8Array(32))).toHaveLength(8);
  });

  it('accepts only whole, non-negative nonces', () => {
    expect(isValidNonce('0')).toBe(true);
    expect(isValidNonce(' 12 ')).toBe(true);
    expect(isValidNonce('-1')).toBe(false);
    expect(isValidNonce('1.5')).toBe(false);
    expect(isValidNonce('')).toBe(false);
  });
});
