import { createHash, createHmac } from 'node:crypto';
import { fairFloats, fairGame, resolveFairRound } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CasinoTestApp, createCasinoTestApp, tokenOf } from './casino-support';

let t: CasinoTestApp;
beforeAll(async () => {
  t = await createCasinoTestApp();
});
afterAll(async () => {
  await t.close();
});

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();

async function openGame(name: string, paise: number, game: string) {
  const p = await t.newPlayer(name);
  if (paise > 0) await t.credit(p.userId, paise);
  const url = (await t.launch(p.token, game)).json().data.url as string;
  return { ...p, gameToken: tokenOf(url) };
}

describe('our own provider of provably fair games', () => {
  it('plays a round through the signed wallet: stake out, payout in, round in the history and the report', async () => {
    const p = await openGame('fairplay', 100_000, 'dice');
    const state = (await t.post('fair/state', { token: p.gameToken, game_code: 'dice' })).json().data;
    expect(state).toMatchObject({ game_code: 'dice', balance: 1_000, currency: 'INR', history: [] });
    expect(state.seeds.nonce).toBe(0);
    expect(state.seeds.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);

    const res = await t.post('fair/play', {
      token: p.gameToken,
      game_code: 'dice',
      stake: 10,
      params: { target: 50, direction: 'under' },
    });
    expect(res.statusCode).toBe(200);
    const { round, balance } = res.json().data;
    expect(round).toMatchObject({
      game_code: 'dice',
      nonce: 0,
      stake: 10,
      server_seed: null,
      server_seed_hash: state.seeds.server_seed_hash,
    });
    expect(balance).toBe(1_000 - 10 + round.payout);
    expect(await t.cashOf(p.userId)).toBe(100_000 - 1_000 + round.payout * 100);

    const ledgerKinds = await t.database.db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('user_id', '=', p.userId)
      .where('kind', 'in', ['casino_bet', 'casino_win', 'casino_rollback'])
      .execute();
    expect(ledgerKinds.map((row) => row.kind).sort()).toEqual(round.payout > 0 ? ['casino_bet', 'casino_win'] : ['casino_bet']);
    const report = (await t.post('report/casinoResult', {}, { token: p.token })).json().data;
    expect(report.rows).toMatchObject([
      { game_code: 'dice', round: round.round_uuid, stake: 10, win: round.payout, is_verifiable: true },
    ]);
    const after = (await t.post('fair/state', { token: p.gameToken, game_code: 'dice' })).json().data;
    expect(after.history).toHaveLength(1);
    expect(after.seeds.nonce).toBe(1);
  });

  it('reveals the server seed on rotation, and the revealed seed reproduces every round', async () => {
    const p = await openGame('fairrotate', 100_000, 'plinko');
    const before = (await t.post('fair/state', { token: p.gameToken, game_code: 'plinko' })).json().data.seeds;
    const rounds = [];
    for (let index = 0; index < 3; index += 1) {
      const res = await t.post('fair/play', { token: p.gameToken, game_code: 'plinko', stake: 5, params: { rows: 16 } });
      rounds.push(res.json().data.round);
    }
    const rotated = await t.post('fair/rotateSeed', { token: p.gameToken });
    const { revealed, seeds } = rotated.json().data;
    expect(revealed).toMatchObject({ server_seed_hash: before.server_seed_hash, client_seed: before.client_seed, rounds: 3 });
    expect(createHash('sha256').update(revealed.server_seed).digest('hex')).toBe(before.server_seed_hash);
    // The committed next server seed is the one now in play, and a new one is committed.
    expect(seeds.server_seed_hash).toBe(before.next_server_seed_hash);
    expect(seeds.next_server_seed_hash).not.toBe(before.next_server_seed_hash);
    // No client seed given: a fresh one is drawn for the new pair, never the old one (docs/casino-fairness.md, Seeds).
    expect(seeds.nonce).toBe(0);
    expect(seeds.client_seed).toMatch(/^[0-9a-f]{20}$/);
    expect(seeds.client_seed).not.toBe(before.client_seed);
    for (const round of rounds) {
      const view = (await t.get(`fair/round?round_uuid=${round.round_uuid}`)).json().data;
      expect(view.server_seed).toBe(revealed.server_seed);
      const game = fairGame('plinko');
      const floats = fairFloats(
        hmac,
        { serverSeed: view.server_seed, clientSeed: view.client_seed, nonce: view.nonce },
        game.floatCount(view.params),
      );
      const again = resolveFairRound('plinko', floats, view.params);
      expect(again.outcome).toEqual(view.outcome);
      expect(again.multiplier).toBe(view.multiplier);
    }
  });

  it('lets the player set the client seed', async () => {
    const p = await openGame('fairclient', 10_000, 'limbo');
    const res = await t.post('fair/setClientSeed', { token: p.gameToken, client_seed: 'my-lucky-seed' });
    expect(res.json().data.seeds).toMatchObject({ client_seed: 'my-lucky-seed', nonce: 0 });
    expect((await t.post('fair/setClientSeed', { token: p.gameToken, client_seed: 'has space' })).statusCode).toBe(400);
    const play = await t.post('fair/play', { token: p.gameToken, game_code: 'limbo', stake: 1, params: { target: 2 } });
    expect(play.json().data.round.client_seed).toBe('my-lucky-seed');
  });

  it('refuses bad bets, stakes beyond the balance and unknown tokens without moving money', async () => {
    const p = await openGame('fairrefuse', 1_000, 'mines');
    const play = (body: Record<string, unknown>) =>
      t.post('fair/play', { token: p.gameToken, game_code: 'mines', stake: 5, ...body });
    expect((await play({ params: { mines: 3, tiles: [1, 1] } })).statusCode).toBe(400);
    expect((await play({ params: { mines: 3, tiles: [1] }, stake: 5.555 })).statusCode).toBe(400);
    const broke = await play({ params: { mines: 3, tiles: [1] }, stake: 50 });
    expect(broke.statusCode).toBe(422);
    expect(broke.json().code).toBe('INSUFFICIENT_BALANCE');
    const stranger = await t.post('fair/play', {
      token: 'x'.repeat(43),
      game_code: 'mines',
      stake: 5,
      params: { mines: 3, tiles: [1] },
    });
    expect(stranger.statusCode).toBe(422);
    expect(await t.cashOf(p.userId)).toBe(1_000);
    expect((await t.get('fair/round?round_uuid=00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });

  it('plays each Indian game and the table games', async () => {
    const cases = [
      ['teen-patti', { side: 'A' }],
      ['andar-bahar', { side: 'bahar' }],
      ['dragon-tiger', { side: 'tiger' }],
      ['lucky-7', { bet: 'seven' }],
      ['european-roulette', { bet: 'straight', pick: 17 }],
      ['mines', { mines: 5, tiles: [0, 1] }],
    ] as const;
    const p = await openGame('fairall', 100_000, 'teen-patti');
    for (const [game, params] of cases) {
      const res = await t.post('fair/play', { token: p.gameToken, game_code: game, stake: 2, params });
      expect(res.statusCode, `${game}: ${res.body}`).toBe(200);
      expect(res.json().data.round.game_code).toBe(game);
    }
  });
});
