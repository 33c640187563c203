import { createHash, createHmac } from 'node:crypto';
import { fairFloats, fairGame, SLOT_RTP_PERCENT } from '@app/shared';
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

describe('our slots (docs/casino.md, Slots)', () => {
  it('lists the four slots in the slot category of the lobby', async () => {
    const res = await t.get('casino/gameList?category=slot');
    expect(res.statusCode, res.body).toBe(200);
    const codes = JSON.stringify(res.json().data);
    for (const code of Object.keys(SLOT_RTP_PERCENT)) expect(codes).toContain(code);
  });

  it('spins through the seamless wallet: the balance moves by the stake and the win, and the seed replays each spin', async () => {
    const p = await t.newPlayer('slotspin');
    await t.credit(p.userId, 100_000);
    const gameToken = tokenOf((await t.launch(p.token, 'star-spins')).json().data.url as string);
    let balance = 1_000;
    const rounds = [];
    for (const [game, params] of [
      ['classic-sevens', { lines: 5 }],
      ['temple-twenty', {}],
      ['lotus-ways', {}],
      ['star-spins', {}],
      ['classic-sevens', { lines: 1 }],
    ] as const) {
      const res = await t.post('fair/play', { token: gameToken, game_code: game, stake: 20, params });
      expect(res.statusCode, res.body).toBe(200);
      const { round, balance: after } = res.json().data;
      expect(round).toMatchObject({ game_code: game, stake: 20, params });
      expect(round.payout).toBe(Math.floor((2_000 * round.multiplier) / 10_000) / 100);
      expect(after).toBeCloseTo(balance - 20 + round.payout, 2);
      balance = after;
      rounds.push(round);
    }
    expect(await t.cashOf(p.userId)).toBe(Math.round(100_000 - (1_000 - balance) * 100));

    // A bad bet is refused and changes nothing.
    const bad = await t.post('fair/play', { token: gameToken, game_code: 'classic-sevens', stake: 20, params: { lines: 6 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: false });
    expect(await t.cashOf(p.userId)).toBe(Math.round(100_000 - (1_000 - balance) * 100));

    const { revealed } = (await t.post('fair/rotateSeed', { token: gameToken })).json().data;
    expect(createHash('sha256').update(revealed.server_seed).digest('hex')).toBe(rounds[0].server_seed_hash);
    for (const round of rounds) {
      const game = fairGame(round.game_code);
      const floats = fairFloats(
        hmac,
        { serverSeed: revealed.server_seed, clientSeed: revealed.client_seed, nonce: round.nonce },
        game.floatCount(round.params),
      );
      const replay = game.resolve(floats, round.params);
      expect(replay.outcome).toEqual(round.outcome);
      expect(replay.multiplier).toBe(round.multiplier);
    }
  });
});
