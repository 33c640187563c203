import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runnerNote } from './runner-note';

describe('a runner’s note from the feed', () => {
  const price = { odds: 2.5, size: 100 };
  it('names a non-runner, and shows the last traded price only where nothing is offered', () => {
    expect(runnerNote({ back: [], lay: [], is_removed: true, last_traded: 4.2 })).toEqual({ kind: 'removed' });
    expect(runnerNote({ back: [], lay: [], last_traded: 4.2 })).toEqual({ kind: 'lastTraded', odds: 4.2 });
    expect(runnerNote({ back: [price], lay: [], last_traded: 4.2 })).toBeNull();
    expect(runnerNote({ back: [], lay: [] })).toBeNull();
  });
});

describe('the Betfair notes’ texts', () => {
  const I18N_DIR = path.resolve(import.meta.dirname, '../../../../public/assets/i18n');
  const keys = ['sports.nonRunner', 'sports.lastTraded', 'bets.reduced', 'bets.reducedHint'];
  const lookup = (tree: unknown, key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  const english = JSON.parse(readFileSync(path.join(I18N_DIR, 'en.json'), 'utf8')) as unknown;

  it.each(['en', 'hi', 'bn'])('%s has them, translated, the price kept', (language) => {
    const tree = JSON.parse(readFileSync(path.join(I18N_DIR, `${language}.json`), 'utf8')) as unknown;
    for (const key of keys) {
      const text = lookup(tree, key);
      expect(typeof text, key).toBe('string');
      if (language !== 'en') expect(text, key).not.toBe(lookup(english, key));
    }
    expect(lookup(tree, 'sports.lastTraded')).toContain('{{odds}}');
  });
});
