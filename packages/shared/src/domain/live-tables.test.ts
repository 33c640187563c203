import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fairFloats } from './fair/floats';
import { LIVE_SPOT_PAYS, LIVE_TABLE_CODES, liveFloatCount, liveResultLabel, liveTable, resolveLiveRound } from './live-tables';

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();

describe('live tables', () => {
  it('every spot wins exactly what its pays table shows, on the same outcome for every spot', () => {
    for (const code of LIVE_TABLE_CODES) {
      const table = liveTable(code);
      const seen = new Map<string, Set<number>>();
      for (let round = 1; round <= 400; round += 1) {
        const floats = fairFloats(hmac, { serverSeed: `seed-${round}`, clientSeed: code, nonce: round }, liveFloatCount(table));
        const { outcome, multipliers } = resolveLiveRound(table, floats);
        expect(liveResultLabel(code, outcome)).not.toBe('');
        for (const spot of table.spots) {
          expect(table.game.resolve(floats, spot.params).outcome).toEqual(outcome);
          const paid = multipliers[spot.code] ?? 0;
          if (!seen.has(spot.code)) seen.set(spot.code, new Set());
          seen.get(spot.code)?.add(paid);
        }
      }
      for (const spot of table.spots) {
        const paid = [...(seen.get(spot.code) ?? [])].filter((value) => value > 10_000);
        // A win pays the shown multiplier and nothing else (a Teen Patti tie returns the stake).
        expect(new Set(paid)).toEqual(new Set([LIVE_SPOT_PAYS[code][spot.code]]));
      }
    }
  });

  it('Andar Bahar has one winning side a round; Roulette red and black never both win', () => {
    for (let round = 1; round <= 200; round += 1) {
      const ab = liveTable('live-andar-bahar');
      const abRound = resolveLiveRound(ab, fairFloats(hmac, { serverSeed: 's', clientSeed: ab.code, nonce: round }, 52));
      expect(Object.values(abRound.multipliers).filter((value) => value > 0)).toHaveLength(1);
      const roulette = liveTable('live-roulette');
      const spin = resolveLiveRound(roulette, fairFloats(hmac, { serverSeed: 's', clientSeed: roulette.code, nonce: round }, 1));
      expect((spin.multipliers.red ?? 0) > 0 && (spin.multipliers.black ?? 0) > 0).toBe(false);
    }
  });
});
