import { describe, expect, it } from 'vitest';
import { type ExternalLaunchDeps, launchExternalSportsbook } from './sportsbook-launch';

function recorder(overrides: Partial<ExternalLaunchDeps>) {
  const events: string[] = [];
  const deps: ExternalLaunchDeps = {
    hasSession: true,
    launcher: undefined,
    origin: 'https://site.example',
    isLaunching: false,
    onLoginRequired: () => events.push('login'),
    openSportsbook: (url) => events.push(`open ${url}`),
    setLaunching: (value) => events.push(`loading ${value}`),
    logError: (message) => events.push(`log ${message}`),
    ...overrides,
  };
  return { deps, events };
}

describe('the external sportsbook entry (docs/product.md §4, §7, §8)', () => {
  it('asks a guest to log in and calls nothing', async () => {
    let calls = 0;
    const { deps, events } = recorder({ hasSession: false, launcher: async () => `${(calls += 1)}` });
    await launchExternalSportsbook(deps);
    expect(events).toEqual(['login']);
    expect(calls).toBe(0);
  });

  it("launches with the site's origin and opens the sportsbook page with the provider's address", async () => {
    const origins: string[] = [];
    const { deps, events } = recorder({
      launcher: async (origin) => {
        origins.push(origin);
        return 'https://sb.example/launch?token=a&b=1';
      },
    });
    await launchExternalSportsbook(deps);
    expect(origins).toEqual(['https://site.example']);
    expect(events).toEqual(['loading true', 'open https://sb.example/launch?token=a&b=1', 'loading false']);
  });

  it('only logs a failed launch and clears the loading flag', async () => {
    const { deps, events } = recorder({
      launcher: async () => {
        throw new Error('No sportsbook provider is configured');
      },
    });
    await launchExternalSportsbook(deps);
    expect(events).toEqual(['loading true', 'log The sportsbook could not be launched', 'loading false']);
  });

  it('ignores a second press while a launch is under way', async () => {
    const { deps, events } = recorder({ isLaunching: true, launcher: async () => 'https://sb.example/' });
    await launchExternalSportsbook(deps);
    expect(events).toEqual([]);
  });
});
