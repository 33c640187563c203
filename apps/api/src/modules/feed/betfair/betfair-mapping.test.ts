import { describe, expect, it } from 'vitest';
import { runnerOf } from './betfair-mapping';
import type { MarketCatalogue } from './market-catalogues';
import type { RunnerDefinition } from './stream-messages';

/**
 * A runner's name on the site (docs/feeds.md "Names"): the live stream's definitions carry none,
 * and a catalogue may lack one too; the site shows the saddle-cloth, or the sort order, never a
 * blank.
 */
const GREYHOUNDS = 4339;
const HORSES = 7;
const CRICKET = 4;
const runner = (fields: Partial<RunnerDefinition> = {}): RunnerDefinition =>
  ({ id: 123456, sortPriority: 4, status: 'ACTIVE', ...fields }) as RunnerDefinition;
const catalogue = (entry: NonNullable<MarketCatalogue['runners']>[number]): MarketCatalogue =>
  ({ marketId: '1.1', runners: [entry] }) as MarketCatalogue;

describe('runnerOf: a runner with no name', () => {
  it('a greyhound shows its trap (its sort order in the stream) with its cloth number', () => {
    expect(runnerOf(runner(), GREYHOUNDS, undefined)).toEqual({ selectionId: 123456, name: 'Trap 4', clothNumber: 4 });
  });

  it("a horse shows its saddle-cloth from the catalogue's metadata when the catalogue names no runner", () => {
    const listed = catalogue({ selectionId: 123456, runnerName: '', metadata: { CLOTH_NUMBER: '7', JOCKEY_NAME: 'A Rider' } });
    expect(runnerOf(runner(), HORSES, listed)).toEqual({
      selectionId: 123456,
      name: 'No. 7',
      clothNumber: 7,
      jockey: 'A Rider',
    });
  });

  it('a horse with neither name nor saddle-cloth shows its sort order; so does any other sport', () => {
    expect(runnerOf(runner(), HORSES, undefined)).toEqual({ selectionId: 123456, name: 'Runner 4' });
    expect(runnerOf(runner({ name: '   ' }), CRICKET, undefined)).toEqual({ selectionId: 123456, name: 'Runner 4' });
  });

  it('a name, when there is one, wins; a greyhound catalogue\'s "3. Name" gives trap and name', () => {
    expect(runnerOf(runner({ name: 'Sea Biscuit' }), HORSES, undefined).name).toBe('Sea Biscuit');
    const listed = catalogue({ selectionId: 123456, runnerName: '3. Kirabilly Kathy' });
    expect(runnerOf(runner(), GREYHOUNDS, listed)).toEqual({ selectionId: 123456, name: 'Kirabilly Kathy', clothNumber: 3 });
  });
});
