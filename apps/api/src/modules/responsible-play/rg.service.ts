import { createRgLimits } from './rg-limits';
import { createRgPauses } from './rg-pauses';
import { createRgSessionControls } from './rg-session';
import { createRgState } from './rg-state';
import type { RgDeps } from './rg-support';

export type { RgActor, RgDeps } from './rg-support';

/**
 * Responsible play (docs/responsible-play.md): limits a player sets (a decrease at once, an
 * increase or removal after 24 hours and a confirmation), session controls, time-outs and
 * self-exclusions. Every change is made under the player's money lock, so a stake racing it sees
 * the limit before or after, never half.
 */
export function createRgService(deps: RgDeps) {
  const rgState = createRgState(deps);
  return {
    state: (userId: number) => rgState.state(deps.db, userId),
    ...createRgLimits(deps, rgState),
    ...createRgSessionControls(deps, rgState),
    ...createRgPauses(deps, rgState),
  };
}

export type RgService = ReturnType<typeof createRgService>;
