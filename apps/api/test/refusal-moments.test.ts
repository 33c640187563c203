import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CasinoTestApp, createCasinoTestApp } from './casino-support';
import { testDatabaseKind } from './test-app';

/**
 * A refusal that names a moment writes it in the player's time zone, from the `tz` cookie the
 * site sends, and carries it in `data` for the site's Hindi and Bengali (docs/shell.md "Dates and
 * times"); the envelope stays `{status:false, message, code}`. Without the cookie: UTC, labelled.
 */
let t: CasinoTestApp;
beforeAll(async () => {
  t = await createCasinoTestApp();
});
afterAll(async () => {
  await t.close();
});

const launchWithZone = (token: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/casino/launchGame',
    payload: { game_code: 'dice' },
    headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) },
  });

describe(`times in refusals (${testDatabaseKind()})`, () => {
  it('a paused player reads the end of the time-out in their own zone, never UTC', async () => {
    const p = await t.newPlayer('moment_pause');
    const paused = (await t.post('rg/pause', { kind: 'time_out', duration: '24h' }, { token: p.token })).json().data;
    const until = paused.pause.until as string;
    const login = await t.post('user/login', { user_name: 'moment_pause', password: 'Wallet2026', type: 'C' });
    const token = login.json().data.token as string;

    const kolkata = await launchWithZone(token, 'lang=hi; tz=Asia%2FKolkata');
    expect(kolkata.statusCode).toBe(422);
    const body = kolkata.json();
    expect(body).toMatchObject({ status: false, code: 'PLAY_PAUSED', data: { pause: 'time_out', until } });
    const local = new Intl.DateTimeFormat('en-IN-u-nu-latn', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Kolkata',
    }).format(new Date(until));
    expect(body.message).toBe(
      `Your time-out is running until ${local}: you can see your balance and statements and withdraw your cash, nothing else.`,
    );
    expect(body.message).not.toContain('UTC');

    // Another zone, another clock face; no cookie (an API client): UTC, and it says so.
    const york = (await launchWithZone(token, 'tz=America%2FNew_York')).json().message as string;
    expect(york).not.toBe(body.message);
    expect((await launchWithZone(token)).json().message).toMatch(/until \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m UTC:/);
    // A zone the runtime does not know is ignored, not trusted.
    expect((await launchWithZone(token, 'tz=Mars%2FOlympus')).json().message).toContain(' UTC:');
  });

  it('a limit raise confirmed too early names the moment it may be, in the player’s zone', async () => {
    const p = await t.newPlayer('moment_limit');
    await t.post('rg/setLimit', { kind: 'loss', period: 'day', amount: 100 }, { token: p.token });
    await t.post('rg/setLimit', { kind: 'loss', period: 'day', amount: 500 }, { token: p.token });
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/rg/confirmLimit',
      payload: { kind: 'loss', period: 'day' },
      headers: { authorization: `Bearer ${p.token}`, cookie: 'tz=Asia%2FKolkata' },
    });
    expect(early.statusCode).toBe(422);
    const from = early.json().data.from as string;
    expect(new Date(from).getTime()).toBe(t.clock.now() + 24 * 60 * 60 * 1000);
    expect(early.json().message).toContain(
      new Intl.DateTimeFormat('en-IN-u-nu-latn', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
        new Date(from),
      ),
    );
  });
});
