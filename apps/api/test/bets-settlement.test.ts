import {
  type MarketBet,
  type MarketsSnapshot,
  marketProfitLossIfWins,
  reportDay,
  type StatementRow,
  toOddsHundredths,
} from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyTransaction } from '../src/db/unit-of-work';
import { auditLedger } from '../src/modules/ledger/ledger-audit';
import { createSettlementService, type SettlementService } from '../src/modules/bets/settlement.service';
import { balanceOf, findOpenFancy, findOpenMatchOdds, type OpenMarket, placeBet } from './bets-support';
import { runAdminProcess } from './test-app';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

let t: WalletApiApp;
let settlement: SettlementService;

beforeAll(async () => {
  t = await createWalletApiApp({ env: { SIM_SEED: 'settle', SIM_SPEED: '1' } });
  settlement = createSettlementService(t.database.db, t.clock, t.module);
}, 60_000);
afterAll(async () => t.close());

/** A fresh open market of its own for each test (markets settle once). */
const used = new Set<string>();
async function freshMarket(): Promise<OpenMarket> {
  for (let tries = 0; tries < 50; tries += 1) {
    const open = await findOpenMatchOdds(t, { skip: used });
    used.add(open.market.market_id);
    return open;
  }
  throw new Error('no fresh market');
}

async function funded(name: string, paise: number) {
  const player = await t.newPlayer(name);
  await t.credit(player.userId, paise);
  return player;
}

async function back(open: OpenMarket, token: string, runnerIndex: number, stack: number, isBack: 0 | 1 = 1) {
  const runner = open.market.runners[runnerIndex]!;
  const odds = isBack ? runner.back[0]!.odds : runner.lay[0]!.odds;
  const res = await placeBet(t, 'bet/placeMarketBet', token, {
    match_id: open.matchId,
    market_id: open.market.market_id,
    selection_id: runner.selection_id,
    odds,
    stack,
    is_back: isBack,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { odds, selectionId: runner.selection_id, betId: res.json().data.bet_id as number };
}

/** The operator commands run in their own processes on the real clock: ask for that day too. */
async function history(token: string, onRealClock = false) {
  const today = reportDay(Date.now());
  const body = onRealClock ? { from_date: today, to_date: today } : {};
  return (await t.post('report/betHistory', body, { token })).json().data;
}

describe('settlement', () => {
  it('pays the winner, takes the loser’s stake, releases exposure and shows both in bet history', async () => {
    const open = await freshMarket();
    const winner = await funded('winner1', 100_000);
    const loser = await funded('loser1', 100_000);
    const won = await back(open, winner.token, 0, 100);
    await back(open, loser.token, 1, 100);
    const result = await settlement.settle(
      `M:${open.market.market_id}`,
      { outcome: 'winner', winnerSelectionId: won.selectionId },
      'operator',
    );
    expect(result).toMatchObject({ status: 'settled', settlementNo: 1, bets: 2 });
    const profit = Math.floor(Math.round((won.odds - 1) * 100) * 100) / 100;
    expect(await balanceOf(t, winner.token)).toMatchObject({ free_chip: 1000 + profit, exposure: 0 });
    expect(await balanceOf(t, loser.token)).toMatchObject({ free_chip: 900, exposure: 0 });
    const rows = (await history(winner.token)).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bet_id: won.betId, status: 'won', profit_loss: profit });
    expect((await history(loser.token)).totals).toMatchObject({ stack: 100, profit_loss: -100 });
    expect((await t.post('report/currentBets', {}, { token: winner.token })).json().data.rows).toHaveLength(0);
    // The account statement folds the market into one line: its net profit, named by match and market.
    const statement = (await t.post('report/accountStatement', {}, { token: winner.token })).json().data.rows as StatementRow[];
    const names = await t.database.db
      .selectFrom('bets')
      .select(['match_name', 'market_name'])
      .where('bet_id', '=', won.betId)
      .executeTakeFirstOrThrow();
    expect(statement).toHaveLength(2);
    expect(statement[0]).toMatchObject({
      kind: 'bet_win',
      subject: `market:${open.market.market_id}`,
      description: `${names.match_name} · ${names.market_name}`,
      reference: `settle:M:${open.market.market_id}:1:u${winner.userId}`,
      credit: profit,
      debit: 0,
      is_open: false,
      entry_count: 5,
    });
    expect(statement[0]!.entries.map((entry) => entry.kind)).toEqual([
      'bet_win',
      'exposure_release',
      'exposure_release',
      'exposure_hold',
      'exposure_hold',
    ]);
    const loserLines = (await t.post('report/accountStatement', {}, { token: loser.token })).json().data.rows as StatementRow[];
    expect(loserLines[0]).toMatchObject({ kind: 'bet_loss', credit: 0, debit: 100, balance: 900 });
    expect((await auditLedger(t.database.db)).faults).toEqual([]);
  });

  it('settles a market once when two settlers run at the same time, and refuses bets after', async () => {
    const open = await freshMarket();
    const player = await funded('twice1', 100_000);
    const won = await back(open, player.token, 0, 200);
    const target = `M:${open.market.market_id}`;
    const decision = { outcome: 'winner' as const, winnerSelectionId: won.selectionId };
    const results = await Promise.all([
      settlement.settle(target, decision, 'operator'),
      settlement.settle(target, decision, 'feed'),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['already', 'settled']);
    const profit = Math.floor(Math.round((won.odds - 1) * 100) * 200) / 100;
    expect((await balanceOf(t, player.token)).free_chip).toBeCloseTo(1000 + profit, 2);
    expect((await settlement.settle(target, decision, 'operator')).status).toBe('already');
    const late = await placeBet(t, 'bet/placeMarketBet', player.token, {
      match_id: open.matchId,
      market_id: open.market.market_id,
      selection_id: won.selectionId,
      odds: 1.01,
      stack: 100,
      is_back: 1,
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('MARKET_CLOSED');
  });

  it('settles once when two operator processes declare the same result at once', async () => {
    const open = await freshMarket();
    const player = await funded('cli1', 100_000);
    const won = await back(open, player.token, 0, 100);
    const argv = ['market', 'result', '--market', open.market.market_id, '--winner', String(won.selectionId)];
    const runs = await Promise.all([runAdminProcess(t.databaseEnv, ...argv), runAdminProcess(t.databaseEnv, ...argv)]);
    expect(runs.map((run) => run.code)).toEqual([0, 0]);
    const said = runs.map((run) => run.stdout).join('\n');
    expect(said).toContain('settled (settlement 1): 1 bets');
    expect(said).toContain('was already settled');
    const profit = Math.floor(Math.round((won.odds - 1) * 100) * 100) / 100;
    expect((await balanceOf(t, player.token)).free_chip).toBeCloseTo(1000 + profit, 2);
    const bad = await runAdminProcess(t.databaseEnv, 'market', 'result', '--market', open.market.market_id, '--winner', '1');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('is not a runner');
  }, 60_000);

  it('void returns every stake; a re-settle reverses the earlier settlement, linked, and the ledger verifies', async () => {
    const voided = await freshMarket();
    const player = await funded('void1', 100_000);
    await back(voided, player.token, 0, 300);
    await back(voided, player.token, 1, 200, 0);
    const run = await runAdminProcess(t.databaseEnv, 'market', 'void', '--market', voided.market.market_id);
    expect(run.code, run.stderr).toBe(0);
    expect(await balanceOf(t, player.token)).toMatchObject({ free_chip: 1000, exposure: 0 });
    expect((await history(player.token, true)).rows.map((row: { status: string }) => row.status)).toEqual(['void', 'void']);

    const open = await freshMarket();
    const a = await funded('resettleA', 100_000);
    const b = await funded('resettleB', 100_000);
    const onFirst = await back(open, a.token, 0, 100);
    const onSecond = await back(open, b.token, 1, 100);
    const target = `M:${open.market.market_id}`;
    await settlement.settle(target, { outcome: 'winner', winnerSelectionId: onFirst.selectionId }, 'operator');
    const resettle = await runAdminProcess(
      t.databaseEnv,
      'market',
      'resettle',
      '--market',
      open.market.market_id,
      '--winner',
      String(onSecond.selectionId),
    );
    expect(resettle.code, resettle.stderr).toBe(0);
    expect(resettle.stdout).toContain('settlement 2');
    const profitB = Math.floor(Math.round((onSecond.odds - 1) * 100) * 100) / 100;
    expect(await balanceOf(t, a.token)).toMatchObject({ free_chip: 900, exposure: 0 });
    expect((await balanceOf(t, b.token)).free_chip).toBeCloseTo(1000 + profitB, 2);
    const reversals = await t.database.db
      .selectFrom('ledger_transactions')
      .select(['kind', 'reverses_transaction_id'])
      .where('kind', '=', 'bet_settle_reversal')
      .where('user_id', 'in', [a.userId, b.userId])
      .execute();
    expect(reversals).toHaveLength(2);
    expect(reversals.every((row) => row.reverses_transaction_id !== null)).toBe(true);
    expect((await history(b.token, true)).rows[0]).toMatchObject({ status: 'won', profit_loss: profitB });
    expect((await auditLedger(t.database.db)).faults).toEqual([]);
    const verify = await runAdminProcess(t.databaseEnv, 'ledger', 'verify');
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
  }, 60_000);

  it('settles a fancy line on the declared run, from the operator command', async () => {
    const { fancy } = await findOpenFancy(t);
    const player = await funded('fancyset1', 100_000);
    const base = { fancy_id: fancy.fancy_id, selection_id: fancy.selection_id, bet_type: 'F' };
    const yes = await placeBet(t, 'bet/placeFancyBet', player.token, {
      ...base,
      run: fancy.run_yes,
      size: fancy.size_yes,
      stack: 100,
      is_back: 1,
    });
    expect(yes.statusCode, yes.body).toBe(200);
    const run = await runAdminProcess(
      t.databaseEnv,
      'fancy',
      'result',
      '--fancy',
      String(fancy.fancy_id),
      '--run',
      String(fancy.run_yes),
    );
    expect(run.code, run.stderr).toBe(0);
    const win = Math.floor(100 * (fancy.size_yes ?? 0)) / 100;
    expect(await balanceOf(t, player.token)).toMatchObject({ free_chip: 1000 + win, exposure: 0 });
  }, 60_000);

  it('settles from a result the feed declared, through the durable settle job', async () => {
    const open = await freshMarket();
    const player = await funded('feed1', 100_000);
    const lost = await back(open, player.token, 0, 100);
    const other = open.market.runners[1]!.selection_id;
    await t.database.db
      .insertInto('feed_results')
      .values({
        target: `M:${open.market.market_id}`,
        match_id: open.matchId,
        winner_selection_id: other,
        result_runs: null,
        decided_at: t.clock.now(),
      })
      .execute();
    for (let round = 0; round < 20; round += 1) {
      t.clock.advance(2_100);
      await t.app.jobs.runDue();
      const bet = await t.database.db
        .selectFrom('bets')
        .select('status')
        .where('bet_id', '=', lost.betId)
        .executeTakeFirstOrThrow();
      if (bet.status !== 'open') break;
    }
    expect(await balanceOf(t, player.token)).toMatchObject({ free_chip: 900, exposure: 0 });
    const job = await t.database.db
      .selectFrom('jobs')
      .select('status')
      .where('job_key', '=', `settle:M:${open.market.market_id}`)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('done');
  }, 60_000);

  it('settles backs and lays at paise stakes on match odds and bookmaker exactly as the shared model pays', async () => {
    const snapshots = [];
    for (const { match_id } of await t.database.db.selectFrom('matches').select('match_id').execute()) {
      const res = await t.post('market/getMarkets', { match_id: Number(match_id) });
      if (res.statusCode === 200) snapshots.push(res.json().data as MarketsSnapshot);
    }
    const player = await funded('paise1', 1_000_000);
    let expected = 0;
    let settledMarkets = 0;
    for (const type of ['MATCH_ODDS', 'BOOKMAKER']) {
      const candidates = snapshots.flatMap((item) =>
        item.markets
          .filter(
            (market) =>
              market.market_type === type &&
              market.status === 'OPEN' &&
              !used.has(market.market_id) &&
              market.runners.every((r) => r.back.length && r.lay.length),
          )
          .map((market) => ({ snapshot: item, market })),
      );
      // Rather a market without an in-play bet delay: the delay has its own tests and would add
      // 5 s to every bet here.
      const pick = candidates.find(({ market }) => !(market.in_play && market.bet_delay_s > 0)) ?? candidates[0];
      if (!pick) continue;
      const { snapshot, market } = pick;
      used.add(market.market_id);
      const kind = type === 'BOOKMAKER' ? 'bookmaker' : 'match_odds';
      const bets: MarketBet[] = [];
      for (const [index, runner] of market.runners.entries()) {
        for (const isBack of [1, 0] as const) {
          const odds = isBack ? runner.back[0]!.odds : runner.lay[0]!.odds;
          const stack = 100.37 + index * 3.11 + isBack * 0.05;
          const res = await placeBet(t, 'bet/placeMarketBet', player.token, {
            match_id: snapshot.match.match_id,
            market_id: market.market_id,
            selection_id: runner.selection_id,
            odds,
            stack,
            is_back: isBack,
          });
          expect(res.statusCode, res.body).toBe(200);
          bets.push({
            kind,
            selectionId: runner.selection_id,
            isBack: isBack === 1,
            odds: toOddsHundredths(kind, odds)!,
            stakePaise: Math.round(stack * 100),
          });
        }
      }
      const winner = market.runners[0]!.selection_id;
      expected += marketProfitLossIfWins(bets, winner);
      await settlement.settle(`M:${market.market_id}`, { outcome: 'winner', winnerSelectionId: winner }, 'operator');
      settledMarkets += 1;
    }
    expect(settledMarkets).toBe(2);
    const balances = await t.module.money.readBalances(t.database.db, player.userId);
    expect(balances).toMatchObject({ cash: 1_000_000 + expected, exposure: 0 });
    expect((await auditLedger(t.database.db)).faults).toEqual([]);
  });

  it('stakes wager bonus after cash, loses it first, and feeds settled turnover to the bonus release', async () => {
    const open = await freshMarket();
    const player = await funded('bonus1', 100_000);
    await moneyTransaction(t.database.db, { userIds: [player.userId], now: t.clock.now() }, (tx) =>
      t.module.bonuses.grant(tx, { userId: player.userId, amount: 10_000, wallet: 'wager', reason: 'test' }),
    );
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/user/updateUserWalletStatus',
      payload: { status: 2 },
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const placed = await back(open, player.token, 0, 1050);
    expect(await t.module.money.readBalances(t.database.db, player.userId)).toMatchObject({
      cash: 0,
      exposure: 100_000,
      wagerBonus: 5_000,
      bonusExposure: 5_000,
    });
    const loser = open.market.runners.find((runner) => runner.selection_id !== placed.selectionId)!.selection_id;
    await settlement.settle(`M:${open.market.market_id}`, { outcome: 'winner', winnerSelectionId: loser }, 'operator');
    const after = await t.module.money.readBalances(t.database.db, player.userId);
    expect(after).toMatchObject({ exposure: 0, bonusExposure: 0 });
    // ₹1,050 lost: the ₹50 of bonus staked first, then ₹1,000 of cash; the ₹50 of bonus left stays.
    expect(after.cash + after.wagerBonus).toBe(5_000);
    const events = await t.database.db.selectFrom('bonus_events').select('kind').where('user_id', '=', player.userId).execute();
    expect(events.map((event) => event.kind)).toContain('release');
  });

  it('hides bet reports from sub accounts', async () => {
    const sub = await t.newPlayer('subacct1', { parentId: -1 });
    for (const path of ['report/currentBets', 'report/betHistory']) {
      const res = await t.post(path, {}, { token: sub.token });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('REFUSED');
    }
  });

  it('lets a demo player bet with play money, and settles it in the play-money book', async () => {
    const open = await freshMarket();
    const demo = (await t.post('user/demoLogin', { user_name: 'demo' })).json().data;
    const before = await balanceOf(t, demo.token);
    const won = await back(open, demo.token, 0, 100);
    await settlement.settle(`M:${open.market.market_id}`, { outcome: 'winner', winnerSelectionId: won.selectionId }, 'operator');
    const profit = Math.floor(Math.round((won.odds - 1) * 100) * 100) / 100;
    expect((await balanceOf(t, demo.token)).free_chip).toBeCloseTo(before.free_chip + profit, 2);
    const books = await t.database.db
      .selectFrom('ledger_transactions')
      .select('book')
      .where('user_id', '=', Number(demo.user_id))
      .execute();
    expect(new Set(books.map((row) => row.book))).toEqual(new Set(['play']));
  });
});
