import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { auditLedger, type Stake } from '../src/modules/money';
import { balanceOf, findOpenFancy, findOpenMatchOdds, placeBet, snapshotsOf } from './bets-support';
import { type CasinoTestApp, createCasinoTestApp, tokenOf } from './casino-support';

/**
 * Money has one front door (docs/wallet.md, "Money"): every stake of every product — match odds,
 * bookmaker, fancy and the casino — passes the money module's stake checks before money moves,
 * and a refusal there moves nothing.
 */
const seen: Stake[] = [];
/** Stakes of this amount are refused by the check, as a limit would. */
const REFUSED_PAISE = 77_700;

let t: CasinoTestApp;
beforeAll(async () => {
  t = await createCasinoTestApp({
    env: { SIM_SEED: 'front-door', SIM_SPEED: '1' },
    deps: {
      moneyRules: [
        {
          async checkStake(_tx, stake) {
            if (stake.amount === REFUSED_PAISE) throw new AppError('REFUSED', 'Refused by the stake check');
            seen.push(stake);
          },
        },
      ],
    },
  });
}, 60_000);
afterAll(async () => t.close());

async function player(name: string) {
  const p = await t.newPlayer(name);
  await t.credit(p.userId, 1_000_000);
  return p;
}

describe('the money front door', () => {
  it('shows every stake of every product to the stake checks, with its product and amount', async () => {
    const p = await player('door_all');
    const open = await findOpenMatchOdds(t);
    const runner = open.market.runners[0]!;
    const matchOdds = await placeBet(t, 'bet/placeMarketBet', p.token, {
      match_id: open.matchId,
      market_id: open.market.market_id,
      selection_id: runner.selection_id,
      odds: runner.back[0]!.odds,
      stack: 100,
      is_back: 1,
    });
    expect(matchOdds.statusCode, matchOdds.body).toBe(200);

    const bookmaker = (await snapshotsOf(t))
      .flatMap((snapshot) => snapshot.markets.map((market) => ({ matchId: snapshot.match.match_id, market })))
      .find(
        ({ market }) =>
          market.market_type === 'BOOKMAKER' &&
          market.status === 'OPEN' &&
          market.bet_delay_s === 0 &&
          market.runners[0]?.back.length,
      );
    expect(bookmaker, 'an open bookmaker market').toBeDefined();
    const bookRunner = bookmaker!.market.runners[0]!;
    const book = await placeBet(t, 'bet/placeMarketBet', p.token, {
      match_id: bookmaker!.matchId,
      market_id: bookmaker!.market.market_id,
      selection_id: bookRunner.selection_id,
      odds: bookRunner.back[0]!.odds,
      stack: 200,
      is_back: 1,
    });
    expect(book.statusCode, book.body).toBe(200);

    const { fancy } = await findOpenFancy(t);
    const fancyBet = await placeBet(t, 'bet/placeFancyBet', p.token, {
      fancy_id: fancy.fancy_id,
      selection_id: fancy.selection_id,
      run: fancy.run_yes,
      size: fancy.size_yes,
      stack: 300,
      is_back: 1,
      bet_type: 'F',
    });
    expect(fancyBet.statusCode, fancyBet.body).toBe(200);

    const launched = (await t.launch(p.token, 'dice')).json().data.url as string;
    const round = await t.post('fair/play', {
      token: tokenOf(launched),
      game_code: 'dice',
      stake: 10,
      params: { target: 50, direction: 'under' },
    });
    expect(round.statusCode, round.body).toBe(200);

    expect(seen.filter((stake) => stake.userId === p.userId).map(({ product, amount }) => [product, amount])).toEqual([
      ['match_odds', 10_000],
      ['bookmaker', 20_000],
      ['fancy', 30_000],
      ['casino', 1_000],
    ]);
  });

  it('moves nothing when a stake check refuses a bet or a casino stake', async () => {
    const p = await player('door_refused');
    const open = await findOpenMatchOdds(t);
    const runner = open.market.runners[0]!;
    const before = await balanceOf(t, p.token);
    const refused = await placeBet(t, 'bet/placeMarketBet', p.token, {
      match_id: open.matchId,
      market_id: open.market.market_id,
      selection_id: runner.selection_id,
      odds: runner.back[0]!.odds,
      stack: REFUSED_PAISE / 100,
      is_back: 1,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ status: false, code: 'REFUSED', message: 'Refused by the stake check' });

    const launched = (await t.launch(p.token, 'dice')).json().data.url as string;
    const round = await t.post('fair/play', {
      token: tokenOf(launched),
      game_code: 'dice',
      stake: REFUSED_PAISE / 100,
      params: { target: 50, direction: 'under' },
    });
    expect(round.statusCode).toBe(422);
    expect(round.json()).toMatchObject({ code: 'REFUSED', message: 'Refused by the stake check' });

    expect(await balanceOf(t, p.token)).toEqual(before);
    const bets = await t.database.db.selectFrom('bets').select('bet_id').where('user_id', '=', p.userId).execute();
    expect(bets).toEqual([]);
    const postings = await t.database.db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('user_id', '=', p.userId)
      .execute();
    expect(postings.map((row) => row.kind)).toEqual(['operator_credit']);
    expect((await auditLedger(t.database.db)).faults).toEqual([]);
  });
});
