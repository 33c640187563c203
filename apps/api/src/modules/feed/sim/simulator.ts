import type { FeedFixture, FeedMatchState, OddsFeed } from '../odds-feed';
import { simSport } from './sim-catalogue';
import { cricketState } from './sim-cricket';
import { duelState } from './sim-duel';
import { footballState } from './sim-football';
import type { ModelInput } from './sim-model';
import { raceState } from './sim-racing';
import { fixtureForKey, scheduleBetween, type SimFixture } from './sim-schedule';

export interface SimulatorOptions {
  seed: string;
  /** Simulated time runs this many times faster than the clock (1: real time). */
  speed: number;
  /** Only these sports get fixtures (default: all). */
  sportIds?: ReadonlySet<number>;
}

/**
 * The built-in feed. Everything it says is a pure function of (seed, speed, fixture, time):
 * any instance asked about the same moment answers the same, with nothing shared.
 */
export function createSimulatedFeed(options: SimulatorOptions): OddsFeed {
  const { seed, speed } = options;
  const simFixture = (fixture: FeedFixture): SimFixture | undefined =>
    'ratings' in fixture ? (fixture as SimFixture) : fixtureForKey(seed, speed, fixture.feedKey);
  return {
    name: 'simulator',
    fixtures(from, to) {
      return scheduleBetween(seed, speed, from, to, options.sportIds);
    },
    state(fixture, at): FeedMatchState {
      const sim = simFixture(fixture);
      const sport = simSport(fixture.sportId);
      if (!sim || !sport) throw new Error(`The simulator does not know fixture ${fixture.feedKey}`);
      const input: ModelInput = { fixture: sim, sport, elapsedSimMs: (at - sim.startTime) * speed };
      switch (sport.model) {
        case 'cricket':
          return cricketState(input);
        case 'football':
          return footballState(input);
        case 'race':
          return raceState(input);
        default:
          return duelState(input);
      }
    },
    // In this process and computed when asked: never disconnected, never behind.
    health: () => ({ isConnected: true, lastMessageAt: null }),
  };
}
