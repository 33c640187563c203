import type { LiveRoundView } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { isNewerRound } from './table-feed';

const round = (roundNumber: number, phase: LiveRoundView['phase']) => ({ round_number: roundNumber, phase }) as LiveRoundView;

describe('the table feed', () => {
  it('moves only forward: a later round, or the result of the same round; a late or repeated step changes nothing', () => {
    expect(isNewerRound(round(4, 'betting'), null)).toBe(true);
    expect(isNewerRound(round(4, 'result'), round(4, 'betting'))).toBe(true);
    expect(isNewerRound(round(5, 'betting'), round(4, 'result'))).toBe(true);
    expect(isNewerRound(round(4, 'betting'), round(4, 'result'))).toBe(false);
    expect(isNewerRound(round(4, 'result'), round(4, 'result'))).toBe(false);
    expect(isNewerRound(round(3, 'result'), round(4, 'betting'))).toBe(false);
    expect(isNewerRound(null, round(4, 'betting'))).toBe(false);
  });
});
