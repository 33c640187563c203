import type { BetRow, MarketsSnapshot, StatementRow } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit';
import { createSettlementService, type SettlementService } from '../src/modules/bets/settlement.service';
import { balanceOf, findOpenFancy, findOpenMatchOdds, type OpenMarket, placeBet, snapshotsOf } from './bets-support';
import { runAdminProcess } from './test-app';
import { createWalletApiApp, type WalletApiApp } from './wallet-support';

/**
 * Settlement corrections (docs/betting.md "Corrections"). A settled market or
 * fancy line can be voided (every stake back) or re-settled; each correction is a new ledger
 * transaction linked to the one it reverses, kept with the operator's reason, and players see it
 * in their statement and bet history.
 */
let t: WalletApiApp;
let settlement: SettlementService;

beforeAll(async () => {
  t = await createWalletApiApp({ env: { SIM_SEED: 'corrections', SIM_SPEED: '1' } });
  settlement = createSettlementService(t.database.db, t.clock, t.module);
}, 60_000);
afterAll(async () => t.close());

const used = new Set<string>();
async function freshMarket(): Promise<OpenMarket> {
  const open = await findOpenMatchOdds(t, { skip: used });
  used.add(open.market.market_id);
  return open;
}

async function funded(name: string) {
  const player = await t.newPlayer(name);
  await t.credit(player.userId, 100_000);
  return player;
}

async function back(open: OpenMarket, token: string, runnerIndex: number, stack: number) {
  const runner = open.market.runners[runnerIndex]!;
  const res = await placeBet(t, 'bet/placeMarketBet', token, {
    match_id: open.matchId,
    market_id: open.market.market_id,
    selection_id: runner.selection_id,
    odds: runner.back[0]!.odds,
    stack,
    is_back: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { selectionId: runner.selection_id, odds: runner.back[0]!.odds, betId: res.json().data.bet_id as number };
}

const settlementsOf = (target: string) =>
  t.database.db
    .selectFrom('bet_settlements')
    .select(['settlement_no', 'outcome', 'source', 'reason', 'is_reversed'])
    .where('target', '=', target)
    .orderBy('settlement_no')
    .execute();

const betStatuses = (target: string) =>
  t.database.db.selectFrom('bets').select(['status', 'profit_loss']).where('target', '=', target).orderBy('bet_id').execute();

async function expectLedgerClean() {
  expect((await auditLedger(t.database.db)).faults).toEqual([]);
  const verify = await runAdminProcess(t.databaseEnv, 'ledger', 'verify');
  expect(verify.code, verify.stdout + verify.stderr).toBe(0);
}

describe('npm run admin -- market void on a settled market', () => {
  it('reverses the settlement, returns every stake, keeps the reason and verifies', async () => {
    const open = await freshMarket();
    const target = `M:${open.market.market_id}`;
    const loser = await funded('corr_loser');
    const winner = await funded('corr_winner');
    await back(open, loser.token, 0, 300);
    const won = await back(open, winner.token, 1, 200);
    await settlement.settle(target, { outcome: 'winner', winnerSelectionId: won.selectionId }, 'feed');
    expect((await balanceOf(t, loser.token)).free_chip).toBe(700);

    const run = await runAdminProcess(
      t.databaseEnv,
      'market',
      'void',
      '--market',
      open.market.market_id,
      '--reason',
      'Match abandoned',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${target} voided (settlement 2, settlement 1 reversed): 2 bets; reason: Match abandoned`);
    expect(await balanceOf(t, loser.token)).toMatchObject({ free_chip: 1000, exposure: 0 });
    expect(await balanceOf(t, winner.token)).toMatchObject({ free_chip: 1000, exposure: 0 });
    expect(await betStatuses(target)).toEqual([
      { status: 'void', profit_loss: 0 },
      { status: 'void', profit_loss: 0 },
    ]);
    expect(await settlementsOf(target)).toEqual([
      { settlement_no: 1, outcome: 'winner', source: 'feed', reason: null, is_reversed: 1 },
      { settlement_no: 2, outcome: 'void', source: 'operator', reason: 'Match abandoned', is_reversed: 0 },
    ]);
    // Each player's result is reversed by a new transaction pointing at it.
    const reversals = await t.database.db
      .selectFrom('ledger_transactions as r')
      .innerJoin('ledger_transactions as o', 'o.id', 'r.reverses_transaction_id')
      .select(['r.user_id', 'o.kind', 'o.reference'])
      .where('r.kind', '=', 'bet_settle_reversal')
      .where('r.user_id', 'in', [loser.userId, winner.userId])
      .orderBy('r.user_id')
      .execute();
    expect(reversals).toEqual([
      { user_id: loser.userId, kind: 'bet_loss', reference: `settle:${target}:1:u${loser.userId}` },
      { user_id: winner.userId, kind: 'bet_win', reference: `settle:${target}:1:u${winner.userId}` },
    ]);
    const again = await runAdminProcess(t.databaseEnv, 'market', 'void', '--market', open.market.market_id);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('was already voided (settlement 2); nothing changed');
    await expectLedgerClean();
  }, 60_000);

  it('re-settles a voided market with a winner, and refuses a void that would take back a win already spent', async () => {
    const open = await freshMarket();
    const target = `M:${open.market.market_id}`;
    const player = await funded('corr_spent');
    const won = await back(open, player.token, 0, 500);
    await settlement.settle(target, { outcome: 'void' }, 'operator');
    const resettle = await runAdminProcess(
      t.databaseEnv,
      'market',
      'resettle',
      '--market',
      open.market.market_id,
      '--winner',
      String(won.selectionId),
      '--reason',
      'Result confirmed',
    );
    expect(resettle.code, resettle.stderr).toBe(0);
    expect(resettle.stdout).toContain('re-settled (settlement 2, settlement 1 reversed): 1 bets; reason: Result confirmed');
    const profit = Math.floor(Math.round((won.odds - 1) * 100) * 500) / 100;
    expect((await balanceOf(t, player.token)).free_chip).toBeCloseTo(1000 + profit, 2);

    // The player withdraws (here: the operator debits) everything; the win can no longer be taken back.
    const debit = await runAdminProcess(
      t.databaseEnv,
      'wallet',
      'debit',
      '--name',
      'corr_spent',
      '--amount',
      String(1000 + profit),
      '--reason',
      'paid out',
    );
    expect(debit.code, debit.stderr).toBe(0);
    const refused = await runAdminProcess(t.databaseEnv, 'market', 'void', '--market', open.market.market_id);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Insufficient balance');
    expect((await settlementsOf(target)).map((row) => row.settlement_no)).toEqual([1, 2]);
    await expectLedgerClean();
  }, 60_000);

  it('re-settles a Place market with every placed runner', async () => {
    const race = (await snapshotsOf(t)).find((snapshot: MarketsSnapshot) =>
      snapshot.markets.some((market) => market.market_type === 'PLACE' && market.status === 'OPEN'),
    );
    const place = race!.markets.find((market) => market.market_type === 'PLACE')!;
    const places = place.number_of_winners!;
    const open: OpenMarket = { matchId: race!.match.match_id, market: place, snapshot: race! };
    const target = `M:${place.market_id}`;
    const player = await funded('corr_place');
    const backed = await back(open, player.token, 0, 200);
    // First declared without the backed runner among the placed ones: the back loses.
    const others = place.runners.slice(1, 1 + places).map((runner) => runner.selection_id);
    await settlement.settle(target, { outcome: 'winners', winnerSelectionIds: others }, 'feed');
    expect((await balanceOf(t, player.token)).free_chip).toBe(800);
    const placed = [backed.selectionId, ...others.slice(0, places - 1)];
    const run = await runAdminProcess(
      t.databaseEnv,
      'market',
      'resettle',
      '--market',
      place.market_id,
      '--winner',
      placed.join(','),
      '--reason',
      'Photo finish reviewed',
    );
    expect(run.code, run.stderr).toBe(0);
    const win = Math.floor(Math.round((backed.odds - 1) * 100) * 200) / 100;
    expect((await balanceOf(t, player.token)).free_chip).toBeCloseTo(1000 + win, 2);
    expect(await betStatuses(target)).toEqual([{ status: 'won', profit_loss: Math.round(win * 100) }]);
    await expectLedgerClean();
  }, 60_000);
});

describe('what players see of a correction', () => {
  it('shows the reversal in the statement (the market folds to nothing) and the corrected bet in history', async () => {
    const open = await freshMarket();
    const target = `M:${open.market.market_id}`;
    const player = await funded('corr_view');
    const bet = await back(open, player.token, 0, 250);
    const other = open.market.runners[1]!.selection_id;
    await settlement.settle(target, { outcome: 'winner', winnerSelectionId: other }, 'feed');
    let history = (await t.post('report/betHistory', {}, { token: player.token })).json().data;
    expect(history.rows[0]).toMatchObject({ bet_id: bet.betId, status: 'lost', profit_loss: -250, is_corrected: 0 });

    expect(await settlement.voidTarget(target, 'operator', 'Palpable error')).toMatchObject({
      status: 'settled',
      settlementNo: 2,
    });
    history = (await t.post('report/betHistory', {}, { token: player.token })).json().data;
    expect(history.rows).toHaveLength(1);
    expect(history.rows[0] as BetRow).toMatchObject({ bet_id: bet.betId, status: 'void', profit_loss: 0, is_corrected: 1 });
    expect(history.totals).toMatchObject({ stack: 250, profit_loss: 0 });

    const statement = (await t.post('report/accountStatement', {}, { token: player.token })).json().data.rows as StatementRow[];
    const line = statement.find((row) => row.subject === `market:${open.market.market_id}`)!;
    expect(line).toMatchObject({ kind: 'bet_settle_reversal', credit: 0, debit: 0, is_open: false });
    expect(line.entries.map((entry) => entry.kind).slice(0, 2)).toEqual(['bet_settle_reversal', 'bet_loss']);
    expect(line.balance).toBe(1000);
  });

  it('voids and re-settles a fancy line after its result, from the operator commands', async () => {
    const { fancy } = await findOpenFancy(t);
    const target = `F:${fancy.fancy_id}`;
    const player = await funded('corr_fancy');
    const yes = await placeBet(t, 'bet/placeFancyBet', player.token, {
      fancy_id: fancy.fancy_id,
      selection_id: fancy.selection_id,
      run: fancy.run_yes,
      size: fancy.size_yes,
      stack: 100,
      is_back: 1,
      bet_type: 'F',
    });
    expect(yes.statusCode, yes.body).toBe(200);
    await settlement.settle(target, { outcome: 'run', run: fancy.run_yes! }, 'feed');
    const win = Math.floor(100 * fancy.size_yes!) / 100;
    expect((await balanceOf(t, player.token)).free_chip).toBeCloseTo(1000 + win, 2);

    const voided = await runAdminProcess(t.databaseEnv, 'fancy', 'void', '--fancy', String(fancy.fancy_id), '--reason', 'Rain');
    expect(voided.code, voided.stderr).toBe(0);
    expect(voided.stdout).toContain(`${target} voided (settlement 2, settlement 1 reversed): 1 bets; reason: Rain`);
    expect(await balanceOf(t, player.token)).toMatchObject({ free_chip: 1000, exposure: 0 });
    expect(await betStatuses(target)).toEqual([{ status: 'void', profit_loss: 0 }]);

    const below = fancy.run_yes! - 1;
    const resettled = await runAdminProcess(
      t.databaseEnv,
      'fancy',
      'resettle',
      '--fancy',
      String(fancy.fancy_id),
      '--run',
      String(below),
    );
    expect(resettled.code, resettled.stderr).toBe(0);
    expect(resettled.stdout).toContain('(no --reason given)');
    expect(await balanceOf(t, player.token)).toMatchObject({ free_chip: 900, exposure: 0 });
    expect(await betStatuses(target)).toEqual([{ status: 'lost', profit_loss: -10_000 }]);
    await expectLedgerClean();
  }, 60_000);

  it('voids an unsettled market as before, and refuses a reason that is too long', async () => {
    const open = await freshMarket();
    const player = await funded('corr_plain');
    await back(open, player.token, 0, 100);
    const long = await runAdminProcess(
      t.databaseEnv,
      'market',
      'void',
      '--market',
      open.market.market_id,
      '--reason',
      'x'.repeat(181),
    );
    expect(long.code).not.toBe(0);
    expect(await balanceOf(t, player.token)).toMatchObject({ free_chip: 900, exposure: 100 });
    const run = await runAdminProcess(t.databaseEnv, 'market', 'void', '--market', open.market.market_id);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('voided (settlement 1): 1 bets');
    expect(await balanceOf(t, player.token)).toMatchObject({ free_chip: 1000, exposure: 0 });
  }, 60_000);
});
