import { FAIR_VECTORS, fairGame, isFairGameCode, STAKE_CROSS_CHECK_VECTORS } from '@app/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { readableOutcome } from './readable-outcome';
import { buildParams, rawParamsOf } from './verifier-params';

/** A `t` that shows the key and its values, so a test sees what would be said. */
const t = ((key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`) as unknown as TFunction;

describe('the verifier form per game (docs/casino-fairness.md, "Checking rounds")', () => {
  it('shows every published vector’s bet as fields and reads it back as the same bet', () => {
    for (const vector of [...FAIR_VECTORS, ...STAKE_CROSS_CHECK_VECTORS]) {
      if (!isFairGameCode(vector.game)) continue;
      const rebuilt = buildParams(vector.game, rawParamsOf(vector.game, vector.params));
      expect(fairGame(vector.game).params.parse(rebuilt), `${vector.game} ${JSON.stringify(vector.params)}`).toEqual(
        vector.params,
      );
    }
  });

  it('says every published vector’s outcome in words, never as raw JSON', () => {
    for (const vector of [...FAIR_VECTORS, ...STAKE_CROSS_CHECK_VECTORS]) {
      const lines = readableOutcome(t, vector.game, vector.outcome);
      expect(lines.length, vector.game).toBeGreaterThan(0);
      for (const line of lines) expect(line, `${vector.game}: ${line}`).not.toMatch(/^\{/);
    }
    expect(readableOutcome(t, 'european-roulette', { pocket: 7, color: 'red' })[0]).toContain('"pocket":7');
    expect(
      readableOutcome(t, 'teen-patti', { a: [0, 13, 26], b: [1, 2, 3], a_hand: 'trail', b_hand: 'sequence', winner: 'A' })[0],
    ).toContain('A♠ A♥ A♦');
  });
});
