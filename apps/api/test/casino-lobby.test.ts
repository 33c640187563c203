import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { FAIR_GAME_CODES, LIVE_TABLE_CODES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CasinoTestApp, TEST_GAME, TEST_PROVIDER, createCasinoTestApp, newKeyPair, tokenOf } from './casino-support';
import { runAdminProcess } from './test-app';

let t: CasinoTestApp;
beforeAll(async () => {
  t = await createCasinoTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('casino lobby', () => {
  it('lists providers with their game counts, our own provider seeded with its games and live tables', async () => {
    const res = await t.get('worldCasino/getProvidersList');
    expect(res.statusCode).toBe(200);
    const providers = res.json().data as { provider_id: number; name: string; code: string; game_count: number }[];
    expect(providers).toEqual(
      expect.arrayContaining([
        {
          provider_id: expect.any(Number),
          name: 'Originals',
          code: 'originals',
          game_count: FAIR_GAME_CODES.length + LIVE_TABLE_CODES.length,
        },
        { provider_id: expect.any(Number), name: 'Test Provider', code: TEST_PROVIDER, game_count: 1 },
      ]),
    );
  });

  it('serves the lobby, lists by category and finds games by name', async () => {
    const lobby = (await t.get('casino/lobby')).json().data;
    expect(lobby.image_base).toBe('/api/casino/art');
    expect(lobby.categories).toContainEqual({ category: 'SN', game_count: 4 });
    expect(lobby.popular.length).toBeGreaterThan(0);
    expect(lobby.newest[0].code).toBe(TEST_GAME);
    const indian = (await t.get('casino/gameList?category=SN')).json().data.map((g: { code: string }) => g.code);
    expect(indian.sort()).toEqual(['andar-bahar', 'dragon-tiger', 'lucky-7', 'teen-patti']);
    const found = (await t.get('casino/gameList?search=TIGER')).json().data;
    expect(found.map((g: { code: string }) => g.code)).toEqual(['dragon-tiger']);
    expect((await t.get('casino/gameList?search=%25')).json().data).toEqual([]);
    expect((await t.get('casino/gameList?category=poker')).statusCode).toBe(400);
  });

  it('serves generated art by name with the avif extension, and 404 for unknown games', async () => {
    const art = await t.app.inject({ method: 'GET', url: '/api/casino/art/dice.avif' });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toBe('image/avif');
    // An ISO-BMFF file whose brand is AVIF: a real AVIF image, not a renamed SVG.
    expect(art.rawPayload.subarray(4, 12).toString('latin1')).toBe('ftypavif');
    expect(art.rawPayload.length).toBeGreaterThan(500);
    expect((await t.app.inject({ method: 'GET', url: '/api/casino/art/nope.avif' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/casino/art/..%2Fx.avif' })).statusCode).toBe(404);
  });

  it('launches a game for a player with a fresh token each time, and refuses guests and unknown games', async () => {
    const p = await t.newPlayer('lobbylaunch');
    const first = await t.launch(p.token);
    const second = await t.launch(p.token);
    const url = first.json().data.url as string;
    expect(url).toMatch(/^https:\/\/games\.example\.test\/launch\?game=test-slot&token=[\w-]+&lang=en$/);
    expect(tokenOf(url)).not.toBe(tokenOf(second.json().data.url as string));
    const own = await t.launch(p.token, 'dice');
    expect(own.json().data.url).toMatch(/^\/casino\/play\/dice\?token=/);
    expect((await t.post('casino/launchGame', { game_code: TEST_GAME })).statusCode).toBe(401);
    expect((await t.launch(p.token, 'no-such-game')).statusCode).toBe(404);
  });

  it('keeps favourites and recent games per player', async () => {
    const p = await t.newGamePlayer('lobbyfav', 10_000);
    expect((await t.get('casino/favourites', p.token)).json().data).toEqual([]);
    const set = await t.post('casino/setFavourite', { game_code: 'lucky-7', is_favourite: true }, { token: p.token });
    expect(set.statusCode).toBe(200);
    expect((await t.get('casino/favourites', p.token)).json().data.map((g: { code: string }) => g.code)).toEqual(['lucky-7']);
    await t.post('casino/setFavourite', { game_code: 'lucky-7', is_favourite: false }, { token: p.token });
    expect((await t.get('casino/favourites', p.token)).json().data).toEqual([]);
    expect((await t.get('casino/favourites')).statusCode).toBe(401);
    await t.wallet('bet', {
      token: p.gameToken,
      game_code: TEST_GAME,
      amount: 100,
      currency: 'INR',
      round: 'lr-1',
      transaction_uuid: 'lt-1',
    });
    expect((await t.get('casino/recent', p.token)).json().data.map((g: { code: string }) => g.code)).toEqual([TEST_GAME]);
    const report = await t.post('report/casinoResult', {}, { token: p.token });
    expect(report.json().data.rows).toMatchObject([
      { game_code: TEST_GAME, round: 'lr-1', stake: 1, win: 0, provider_code: TEST_PROVIDER, is_verifiable: false },
    ]);
  });

  it('refuses gap/gaplogin clearly while no sportsbook provider is configured', async () => {
    const p = await t.newPlayer('lobbygap');
    const body = {
      providerName: 'SAP',
      gameId: 550000,
      platformId: 'desktop',
      lobby: false,
      redirectUrl: 'https://site.example.test',
    };
    const res = await t.post('gap/gaplogin', body, { token: p.token });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: false, message: 'The external sportsbook is not available on this site' });
  });
});

describe('casino operator commands and the external sportsbook', () => {
  // Four `npm run admin` processes, each starting Node and opening the database: on a loaded
  // two-core machine that alone passed the default 30 s.
  it(
    'adds a provider and a game from the command line, and gap/gaplogin launches it on an allowed host',
    { timeout: 120_000 },
    async () => {
      const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'key-')), 'sap.pem');
      writeFileSync(keyFile, newKeyPair().publicKey);
      const add = await runAdminProcess(
        t.databaseEnv,
        'casino',
        'provider',
        'add',
        '--code',
        'sap',
        '--name',
        'SAP Sports',
        '--public-key',
        keyFile,
        '--launch-url',
        'https://sports.example.test/play?game={game_code}&token={token}&lang={lang}',
      );
      expect(add.stdout).toContain('added provider sap');
      const game = await runAdminProcess(
        t.databaseEnv,
        'casino',
        'game',
        'add',
        '--provider',
        'sap',
        '--code',
        'sap-live',
        '--name',
        'Live Wheel',
        '--category',
        'Live-Casino',
      );
      expect(game.stdout).toContain('added game sap-live');
      const badCategory = await runAdminProcess(
        t.databaseEnv,
        'casino',
        'game',
        'add',
        '--provider',
        'sap',
        '--code',
        'x1',
        '--name',
        'X',
        '--category',
        'poker',
      );
      expect(badCategory.code).toBe(1);
      const badKey = await runAdminProcess(
        t.databaseEnv,
        'casino',
        'provider',
        'add',
        '--code',
        'bad',
        '--name',
        'Bad',
        '--public-key',
        keyFile,
        '--launch-url',
        'http://insecure.test/{game_code}/{token}',
      );
      expect(badKey.code).toBe(1);
      const list = (await t.get('casino/gameList?category=Live-Casino')).json().data;
      expect(list.map((g: { code: string }) => g.code).sort()).toEqual([...LIVE_TABLE_CODES, 'sap-live'].sort());

      const { buildApp } = await import('../src/app');
      const config = { ...t.config, EXTERNAL_SPORTSBOOK_PROVIDER: 'sap', SPORTSBOOK_ALLOWED_HOSTS: ['sports.example.test'] };
      const app = await buildApp({ config, database: t.database, clock: t.clock });
      await app.ready();
      try {
        const p = await t.newPlayer('lobbysap');
        const res = await app.inject({
          method: 'POST',
          url: '/api/gap/gaplogin',
          headers: { authorization: `Bearer ${p.token}` },
          payload: {
            providerName: 'SAP',
            gameId: 550000,
            platformId: 'desktop',
            lobby: false,
            redirectUrl: 'https://site.example.test',
          },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().data.url).toMatch(/^https:\/\/sports\.example\.test\/play\?game=550000&token=/);
        const lobby = await app.inject({ method: 'GET', url: '/api/casino/lobby' });
        expect(lobby.json().data.has_external_sportsbook).toBe(true);
      } finally {
        await app.close();
      }
    },
  );

  it('has every fair game registered under our provider', async () => {
    const games = (await t.get('casino/gameList?provider=originals')).json().data.map((g: { code: string }) => g.code);
    expect(games.sort()).toEqual([...FAIR_GAME_CODES, ...LIVE_TABLE_CODES].sort());
  });
});
