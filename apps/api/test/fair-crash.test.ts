import { createHash } from 'node:crypto';
import { CRASH_PAUSE_MS, crashDurationMs, crashMultiplierAt, crashSureToReach } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashPointOf } from '../src/modules/fair-games/crash.service';
import { type CasinoTestApp, createCasinoTestApp, tokenOf } from './casino-support';

let t: CasinoTestApp;
beforeAll(async () => {
  t = await createCasinoTestApp();
});
afterAll(async () => {
  await t.close();
});

async function crashPlayer(name: string, paise: number) {
  const p = await t.newPlayer(name);
  await t.credit(p.userId, paise);
  const url = (await t.launch(p.token, 'crash')).json().data.url as string;
  return { ...p, gameToken: tokenOf(url) };
}

const state = async (token: string) => (await t.post('fair/crashState', { token })).json().data;

const roundRow = (roundNumber: number) =>
  t.database.db.selectFrom('fair_crash_rounds').selectAll().where('round_number', '=', roundNumber).executeTakeFirstOrThrow();

/** Skips rounds until one open for bets reaches `minPoint` (hundredths): the seed decides, not the test. */
async function bettingRoundReaching(token: string, minPoint: number) {
  let round = (await state(token)).round;
  for (;;) {
    const row = await roundRow(round.round_number);
    if (round.phase === 'betting' && Number(row.crash_point) >= minPoint) return round;
    t.clock.advance(Number(row.crashed_at) - t.clock.now() + CRASH_PAUSE_MS);
    round = (await state(token)).round;
  }
}

describe('crash: shared rounds, several players, cash out', () => {
  it('takes bets from two players in one round, pays a manual cash-out and an auto cash-out, then reveals the seed', async () => {
    const a = await crashPlayer('crasha', 10_000);
    const b = await crashPlayer('crashb', 10_000);
    // A round that goes past 1.50×, so both cash-outs have room.
    const round = await bettingRoundReaching(a.gameToken, 150);
    expect(round.phase).toBe('betting');
    expect(round.crash_point).toBeNull();
    expect((await t.post('fair/crashBet', { token: a.gameToken, stake: 10, auto_cashout: 1.2 })).statusCode).toBe(200);
    expect((await t.post('fair/crashBet', { token: b.gameToken, stake: 20 })).statusCode).toBe(200);
    expect((await t.post('fair/crashBet', { token: b.gameToken, stake: 20 })).statusCode).toBe(409);
    const seen = await state(a.gameToken);
    expect(seen.bets).toHaveLength(2);
    expect(seen.my_bet).toMatchObject({ stake: 10, auto_cashout: 1.2, is_settled: false });

    expect((await t.post('fair/crashCashout', { token: b.gameToken })).json().message).toBe('The round has not started yet');
    t.clock.advance(round.betting_ends_at - t.clock.now() + crashDurationMs(130));
    expect((await t.post('fair/crashBet', { token: a.gameToken, stake: 10 })).statusCode).toBe(422);
    const cashed = await t.post('fair/crashCashout', { token: b.gameToken });
    expect(cashed.statusCode).toBe(200);
    const cashout = cashed.json().data.bet.cashout as number;
    expect(cashout).toBeGreaterThanOrEqual(1.29);
    expect(cashout).toBeLessThanOrEqual(1.3);
    expect(await t.cashOf(b.userId)).toBe(10_000 - 2_000 + Math.floor((2_000 * Math.round(cashout * 100)) / 100));

    const row = await t.database.db
      .selectFrom('fair_crash_rounds')
      .selectAll()
      .where('round_number', '=', round.round_number)
      .executeTakeFirstOrThrow();
    t.clock.advance(Number(row.crashed_at) - t.clock.now() + 1);
    const after = await state(a.gameToken);
    expect(after.round.phase).toBe('crashed');
    expect(after.my_bet).toMatchObject({ cashout: 1.2, payout: 12, is_settled: true });
    expect(await t.cashOf(a.userId)).toBe(10_000 - 1_000 + 1_200);
    expect(createHash('sha256').update(after.round.server_seed).digest('hex')).toBe(round.server_seed_hash);
    expect(crashPointOf(after.round.server_seed, after.round.chain.salt)).toBe(Math.round(after.round.crash_point * 100));
    const verified = (await t.get(`fair/crashRound?round_number=${round.round_number}`)).json().data;
    expect(verified.server_seed).toBe(after.round.server_seed);
    const report = (await t.post('report/casinoResult', {}, { token: a.token })).json().data;
    expect(report.rows[0]).toMatchObject({ game_code: 'crash', round: `crash-${round.round_number}`, stake: 10, win: 12 });
  });

  it('settles a bet without a cash-out as lost once the round crashed, and hides the crash point until then', async () => {
    const c = await crashPlayer('crashc', 5_000);
    const current = await bettingRoundReaching(c.gameToken, 101);
    await t.post('fair/crashBet', { token: c.gameToken, stake: 5 });
    const row = await roundRow(current.round_number);
    t.clock.advance(Number(row.betting_ends_at) - t.clock.now() + 1);
    const running = await state(c.gameToken);
    expect(running.round.crash_point).toBeNull();
    expect(running.round.server_seed).toBeNull();
    t.clock.advance(Number(row.crashed_at) - t.clock.now() + 1);
    const done = await state(c.gameToken);
    expect(done.my_bet).toMatchObject({ cashout: null, payout: 0, is_settled: true });
    expect(await t.cashOf(c.userId)).toBe(4_500);
  });

  it('pays a manual cash-out exactly the multiplier the page showed, never more than the flight is sure to reach', async () => {
    const d = await crashPlayer('crashd', 10_000);
    const e = await crashPlayer('crashe', 10_000);
    const f = await crashPlayer('crashf', 10_000);
    const round = await bettingRoundReaching(d.gameToken, 200);
    for (const p of [d, e, f]) await t.post('fair/crashBet', { token: p.gameToken, stake: 100 });
    const row = await roundRow(round.round_number);
    const takeOff = Number(row.betting_ends_at);
    t.clock.advance(takeOff - t.clock.now() + crashDurationMs(150));
    const elapsed = t.clock.now() - takeOff;
    expect(crashMultiplierAt(elapsed)).toBe(150);
    // The page drew 1.42× a moment ago (its last look): that is what the button said and what is paid.
    const shown = await t.post('fair/crashCashout', { token: d.gameToken, at: 1.42 });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.bet).toMatchObject({ cashout: 1.42, payout: 142 });
    // Asking for more than the flight is sure of now gets what it is sure of (the next hundredth).
    const greedy = await t.post('fair/crashCashout', { token: e.gameToken, at: 5 });
    expect(greedy.json().data.bet.cashout).toBe(crashSureToReach(elapsed) / 100);
    // After the crash nothing is paid, whatever the page asks for.
    t.clock.advance(Number(row.crashed_at) - t.clock.now());
    const late = await t.post('fair/crashCashout', { token: f.gameToken, at: 1.01 });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('Too late: the round crashed');
  });
});
