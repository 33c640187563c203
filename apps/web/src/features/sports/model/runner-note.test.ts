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
