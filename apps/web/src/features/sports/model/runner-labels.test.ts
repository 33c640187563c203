import { describe, expect, it } from 'vitest';
import { runnerLabels } from './runner-labels';

const named = (...names: string[]) => names.map((name) => ({ name }));

describe('runner labels on the lists', () => {
  it('labels sides 1 and 2 and the draw X, wherever the feed puts it', () => {
    expect(runnerLabels(named('India', 'Australia'))).toEqual(['1', '2']);
    expect(runnerLabels(named('Arsenal', 'Chelsea', 'The Draw'))).toEqual(['1', '2', 'X']);
    expect(runnerLabels(named('Arsenal', 'Draw', 'Chelsea'))).toEqual(['1', 'X', '2']);
  });

  it('names the runners of a bigger field', () => {
    expect(runnerLabels(named('Red Rum', 'Arkle', 'Kauto Star', 'Desert Orchid'))).toEqual([
      'Red Rum',
      'Arkle',
      'Kauto Star',
      'Desert Orchid',
    ]);
  });
});
