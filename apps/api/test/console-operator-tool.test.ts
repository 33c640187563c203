import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorsService } from '../src/modules/operators';
import { findOpenMatchOdds, placeBet } from './bets-support';
import { adminCommand, type ConsoleOperator, type ConsoleTestApp, createConsoleTestApp } from './console-support';
import { testDatabaseKind } from './test-app';

/**
 * The console as an operator's tool (docs/operators.md, "What the console shows" and "Money
 * acts"): the fixture list leads with what is in play and at stake, a void's confirmation reads
 * what it will move before it runs, the audit log finds a player's acts, the four-eyes sheet names
 * the player, and an authenticator app lists the code under the site's own name.
 */
let t: ConsoleTestApp;
let owner: ConsoleOperator;
let finance: ConsoleOperator;
let trader: ConsoleOperator;

interface FixtureRow {
  match_id: number;
  start_time: string;
  status: string;
  open_exposure: number;
}

beforeAll(async () => {
  t = await createConsoleTestApp();
  owner = await t.newOperator('tool-owner', 'owner');
  finance = await t.newOperator('tool-fin', 'finance');
  trader = await t.newOperator('tool-trader', 'trader');
}, 60_000);
afterAll(async () => t.close());

const PHASE: Record<string, number> = { in_play: 0, upcoming: 1, finished: 2 };

describe(`the console as an operator's tool (${testDatabaseKind()})`, () => {
  it('filters the audit log by player: the acts on the player and on their withdrawals, nobody else’s', async () => {
    const payer = await t.verifiedPayer('tool-payer', 2_000);
    await t.verifiedPayer('tool-other', 2_000);
    const withdrawId = await t.withdraw(payer.token, 300, payer.destinationId);
    const approved = await t.admin('admin/approveWithdraw', { withdraw_id: withdrawId }, finance.token);
    expect(approved.statusCode, approved.body).toBe(200);
    const credit = await t.admin(
      'admin/walletAdjust',
      { user_name: 'tool-other', direction: 'credit', amount: 10, reason: 'goodwill' },
      finance.token,
    );
    expect(credit.statusCode, credit.body).toBe(200);
    const credited = await t.admin(
      'admin/walletAdjust',
      { user_name: 'tool-payer', direction: 'credit', amount: 25, reason: 'goodwill' },
      finance.token,
    );
    expect(credited.statusCode, credited.body).toBe(200);

    const rows = (await t.admin('admin/auditLog', { player: 'TOOL-PAYER' }, owner.token)).json().data.rows as {
      action: string;
      target: string;
    }[];
    expect(rows.map((row) => row.action).sort()).toEqual(['wallet.credit', 'withdraw.approve']);
    expect(rows.find((row) => row.action === 'withdraw.approve')!.target).toBe(`withdraw:${withdrawId}`);
    const acts = (await t.admin('admin/auditLog', { player: 'tool-payer', action: 'withdraw' }, owner.token)).json().data.rows;
    expect(acts).toHaveLength(1);
    expect((await t.admin('admin/auditLog', { player: 'tool-nobody' }, owner.token)).json().data.rows).toEqual([]);
  });

  it('finds a player’s acts in the audit log whoever wrote them: the CLI and a four-eyes approval too', async () => {
    const payer = await t.verifiedPayer('tool-cli', 80_000);
    const other = await t.verifiedPayer('tool-cli-other', 2_000);
    // The CLI: a withdrawal paid (its target is the withdrawal) and a limit set (its target is `name:`).
    const small = await t.withdraw(payer.token, 300, payer.destinationId);
    expect((await adminCommand(t, 'payments', 'approve', '--id', String(small))).code).toBe(0);
    const limit = await adminCommand(
      t,
      'rg',
      'set-limit',
      '--name',
      'Tool-Cli',
      '--kind',
      'deposit',
      '--period',
      'day',
      '--amount',
      '1000',
    );
    expect(limit.code, limit.err).toBe(0);
    const othersWithdrawal = await t.withdraw(other.token, 300, other.destinationId);
    expect((await adminCommand(t, 'payments', 'reject', '--id', String(othersWithdrawal))).code).toBe(0);
    // Four-eyes: a payout above the amount waits, a second operator approves it.
    const big = await t.withdraw(payer.token, 60_000, payer.destinationId);
    const asked = await t.admin('admin/approveWithdraw', { withdraw_id: big }, finance.token);
    expect(asked.statusCode, asked.body).toBe(202);
    const decided = await t.admin(
      'admin/decideApproval',
      { request_id: asked.json().request_id, decision: 'approve' },
      owner.token,
    );
    expect(decided.statusCode, decided.body).toBe(200);

    const rows = (await t.admin('admin/auditLog', { player: 'tool-cli', limit: 100 }, owner.token)).json().data.rows as {
      action: string;
      target: string;
    }[];
    expect(rows.map((row) => `${row.action} ${row.target}`).sort()).toEqual(
      [
        `approval.approve withdraw:${big}`,
        `approval.request withdraw:${big}`,
        `cli.payments.approve withdraw:${small}`,
        'cli.rg.set-limit name:Tool-Cli',
        `withdraw.approve withdraw:${big}`,
      ].sort(),
    );
    const others = (await t.admin('admin/auditLog', { player: 'tool-cli-other' }, owner.token)).json().data.rows as {
      action: string;
    }[];
    expect(others.map((row) => row.action)).toEqual(['cli.payments.reject']);
  });

  it('the four-eyes sheet names the player of a credit and of a withdrawal, and who asked', async () => {
    const payer = await t.verifiedPayer('tool-big', 80_000);
    const withdrawId = await t.withdraw(payer.token, 60_000, payer.destinationId);
    const payout = await t.admin('admin/approveWithdraw', { withdraw_id: withdrawId }, finance.token);
    expect(payout.statusCode, payout.body).toBe(202);
    const credit = await t.admin(
      'admin/walletAdjust',
      { user_name: 'tool-big', direction: 'credit', amount: 55_000, reason: 'refund' },
      finance.token,
    );
    expect(credit.statusCode, credit.body).toBe(202);
    const rows = (await t.admin('admin/approvals', { status: 'pending' }, owner.token)).json().data.rows as {
      request_id: number;
      kind: string;
      player: string | null;
      requested_by: string;
      amount: number;
    }[];
    expect(rows.find((row) => row.request_id === payout.json().request_id)).toMatchObject({
      kind: 'withdraw_approve',
      player: 'tool-big',
      requested_by: 'tool-fin',
      amount: 60_000,
    });
    expect(rows.find((row) => row.request_id === credit.json().request_id)).toMatchObject({
      kind: 'wallet_adjust',
      player: 'tool-big',
      requested_by: 'tool-fin',
      amount: 55_000,
    });
  });

  it('an authenticator app lists a new operator’s code under the site’s name, not "Operator console"', async () => {
    const set = await t.admin('admin/setSetting', { key: 'site_title', value: 'Lucky Star' }, owner.token);
    expect(set.statusCode, set.body).toBe(200);
    const created = await createOperatorsService(t.database.db, t.clock).create({
      name: 'tool-new',
      password: 'Console#2026pass',
      role: 'support',
    });
    const address = new URL(created.otpauth);
    expect(address.searchParams.get('issuer')).toBe('Lucky Star');
    expect(decodeURIComponent(address.pathname)).toContain('Lucky Star:tool-new');
    expect(created.otpauth).not.toContain('Operator');
  });

  it(
    'lists fixtures in play first, the one holding open bets at the top with its exposure; previews and words a void',
    { timeout: 90_000 },
    async () => {
      const open = await findOpenMatchOdds(t);
      const bettor = await t.newPayer('tool-bettor');
      await t.credit(bettor.userId, 100_000);
      const runner = open.market.runners[0]!;
      const odds = runner.back[0]!.odds;
      const bet = await placeBet(t, 'bet/placeMarketBet', bettor.token, {
        match_id: open.matchId,
        market_id: open.market.market_id,
        selection_id: runner.selection_id,
        odds,
        stack: 100,
        is_back: 1,
      });
      expect(bet.statusCode, bet.body).toBe(200);

      const all = (await t.admin('admin/fixtures', { limit: 500 }, trader.token)).json().data.rows as FixtureRow[];
      const mine = all.find((row) => row.match_id === open.matchId)!;
      expect(mine.status).toBe('upcoming');
      // The book's worst case on the match: the backed runner wins, it pays the bet's profit.
      expect(mine.open_exposure).toBeCloseTo(100 * (odds - 1), 2);
      const phases = all.map((row) => PHASE[row.status]!);
      expect(phases).toEqual([...phases].sort((a, b) => a - b));
      const upcoming = all.filter((row) => row.status === 'upcoming');
      expect(upcoming[0]!.match_id, 'the upcoming fixture holding bets leads the upcoming ones').toBe(open.matchId);

      // The match starts: it is in play, and the in-play fixture with open bets comes first of all.
      t.clock.advance(Date.parse(mine.start_time) - t.clock.now() + 60_000);
      // Hours later the morning's console sessions have ended: a trader logs in again.
      trader = await t.newOperator('tool-late', 'trader');
      const first = (await t.admin('admin/fixtures', { limit: 3 }, trader.token)).json().data.rows as FixtureRow[];
      expect(first[0]).toMatchObject({ match_id: open.matchId, status: 'in_play' });
      expect(first[0]!.open_exposure).toBeGreaterThan(0);

      // Before a void: what it would move, read without moving anything.
      const before = await t.admin('admin/settlementPreview', { market_id: open.market.market_id }, trader.token);
      expect(before.statusCode, before.body).toBe(200);
      expect(before.json().data).toEqual({
        target: `M:${open.market.market_id}`,
        players: 1,
        open_bets: 1,
        open_stake: 100,
        open_held: 100,
        settled_bets: 0,
        settled_profit_loss: 0,
      });
      expect((await t.admin('admin/settlementPreview', { market_id: '1.999999999' }, trader.token)).statusCode).toBe(404);

      const result = await t.admin(
        'admin/declareResult',
        { market_id: open.market.market_id, winner_selection_ids: [runner.selection_id] },
        trader.token,
      );
      expect(result.statusCode, result.body).toBe(200);
      const settled = (await t.admin('admin/settlementPreview', { market_id: open.market.market_id }, trader.token)).json().data;
      expect(settled).toMatchObject({ players: 1, open_bets: 0, open_held: 0, settled_bets: 1 });
      expect(settled.settled_profit_loss).toBeCloseTo(100 * (odds - 1), 2);
      const afterSettle = (await t.admin('admin/fixtures', { limit: 500 }, trader.token)).json().data.rows as FixtureRow[];
      expect(afterSettle.find((row) => row.match_id === open.matchId)!.open_exposure).toBe(0);

      // Voided, the bet is decided still: a re-settle of the voided market would decide it again.
      const voided = await t.admin('admin/void', { market_id: open.market.market_id, reason: 'Wrong result' }, trader.token);
      expect(voided.statusCode, voided.body).toBe(200);
      expect(
        (await t.admin('admin/settlementPreview', { market_id: open.market.market_id }, trader.token)).json().data,
      ).toMatchObject({ players: 1, open_bets: 0, settled_bets: 1, settled_profit_loss: 0 });
    },
  );
});
