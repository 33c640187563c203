import { describe, expect, it } from 'vitest';
import { beaconRandomness, verifyQuicknetRound } from './drand-verify';
import { QUICKNET, quicknetLatestRound, quicknetRoundFrom, quicknetRoundTime } from './beacon';
import recorded from './fixtures/drand-quicknet/rounds.json';

describe('drand quicknet rounds, checked offline', () => {
  it('verifies the rounds the network really signed, as recorded by two public libraries', () => {
    expect(recorded.length).toBeGreaterThanOrEqual(2);
    for (const beacon of recorded) {
      const check = verifyQuicknetRound(beacon);
      expect(check, `round ${beacon.round}`).toEqual({
        isValid: true,
        round: beacon.round,
        signature: beacon.signature,
        randomness: beaconRandomness(beacon.signature),
      });
    }
  });

  it('refuses a forged round: another round’s signature, a flipped byte, bytes that are no point, a wrong randomness', () => {
    const [first, second] = recorded as [(typeof recorded)[number], (typeof recorded)[number]];
    expect(verifyQuicknetRound({ round: second.round, signature: first.signature }).isValid).toBe(false);
    expect(verifyQuicknetRound({ round: first.round + 1, signature: first.signature }).isValid).toBe(false);
    const flipped = `${first.signature.slice(0, 40)}${first.signature[40] === '0' ? '1' : '0'}${first.signature.slice(41)}`;
    expect(verifyQuicknetRound({ round: first.round, signature: flipped }).isValid).toBe(false);
    expect(verifyQuicknetRound({ round: first.round, signature: 'ff'.repeat(48) }).isValid).toBe(false);
    expect(verifyQuicknetRound({ round: first.round, signature: first.signature.slice(2) }).isValid).toBe(false);
    expect(verifyQuicknetRound({ round: first.round, signature: first.signature, randomness: '00'.repeat(32) })).toEqual({
      isValid: false,
      reason: 'the randomness is not SHA-256 of the signature',
    });
  });

  it('maps rounds to times: round 1 at genesis, one every 3 s', () => {
    expect(quicknetRoundTime(1)).toBe(QUICKNET.genesisSeconds * 1000);
    expect(quicknetRoundTime(12040883)).toBe(Date.UTC(2024, 9, 14, 17, 13, 33));
    // The first round at or after a time, and the newest one out at it.
    const at = quicknetRoundTime(500);
    expect(quicknetRoundFrom(at)).toBe(500);
    expect(quicknetRoundFrom(at + 1)).toBe(501);
    expect(quicknetLatestRound(at)).toBe(500);
    expect(quicknetLatestRound(at - 1)).toBe(499);
  });
});
