import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettingsService, SETTINGS_CACHE_MS } from '../src/modules/settings/settings.service';
import { createSportsService, SPORTS_CACHE_MS } from '../src/modules/sports/sports.service';
import { manualClock } from './accounts-support';
import { createTestApp, type TestApp } from './test-app';

const clock = manualClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

const siteTitle = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/globalSetting/getGlobalSetting' })).json().data.site_title as string;
const cricketActive = async () =>
  (await t.app.inject({ method: 'POST', url: '/api/sport/getSports', payload: {} })).json().data[0].is_active as string;

// Another instance (or the operator CLI) changes the database; this instance's cached answer follows.
describe('cached public reads', () => {
  it('show an operator settings change once the cache time has passed', async () => {
    expect(await siteTitle()).toBe('');
    await createSettingsService(t.database.db, clock).setSetting('site_title', 'Royal Play');
    expect(await siteTitle()).toBe('');
    clock.advance(SETTINGS_CACHE_MS + 1);
    expect(await siteTitle()).toBe('Royal Play');
  });

  it('show a sport switched off once the cache time has passed', async () => {
    expect(await cricketActive()).toBe('1');
    await createSportsService(t.database.db, clock).setSportActive(4, false);
    clock.advance(SPORTS_CACHE_MS + 1);
    expect(await cricketActive()).toBe('0');
  });
});
