import { DEFAULT_STAKE_BUTTONS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { emptyDraft, toDrafts, toPayload, validateDraft } from './button-values-form';

const draft = (name: string, value: string) => ({ key: 1, name, value });

describe('button values form', () => {
  it('round-trips the saved buttons into the request body, both types in order', () => {
    expect(toPayload(toDrafts(DEFAULT_STAKE_BUTTONS))).toEqual(DEFAULT_STAKE_BUTTONS);
  });

  it.each([
    [draft('', '100'), { name: 'nameRequired' }],
    [draft('   ', '100'), { name: 'nameRequired' }],
    [draft('x'.repeat(21), '100'), { name: 'nameTooLong' }],
    [draft('<b>', '100'), { name: 'nameCharacters' }],
    [draft('a', ''), { value: 'valuePositive' }],
    [draft('a', '0'), { value: 'valuePositive' }],
    [draft('a', '-5'), { value: 'valuePositive' }],
    [draft('a', '10.5'), { value: 'valueWhole' }],
    [draft('a', '1e3'), { value: 'valueWhole' }],
    [draft('a', '10000001'), { value: 'valueTooLarge' }],
    [draft(' 1K ', ' 1000 '), {}],
  ])('%j gives %j', (input, errors) => {
    expect(validateDraft(input)).toEqual(errors);
  });

  it('refuses to build a body with an invalid row or an empty type', () => {
    const drafts = toDrafts(DEFAULT_STAKE_BUTTONS);
    expect(toPayload({ ...drafts, Game: [...drafts.Game, emptyDraft()] })).toBeNull();
    expect(toPayload({ ...drafts, Casino: [] })).toBeNull();
    expect(toPayload({ ...drafts, Game: [draft(' Big ', '250000')] })?.[0]).toEqual({
      button_name: 'Big',
      button_value: 250_000,
      type: 'Game',
    });
  });
});
