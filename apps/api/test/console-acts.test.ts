import { PNG_BYTES } from './payments-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOpenMatchOdds, placeBet } from './bets-support';
import { type ConsoleOperator, type ConsoleTestApp, createConsoleTestApp } from './console-support';
import { testDatabaseKind } from './test-app';

/**
 * The console's acts (docs/operators.md, "Four-eyes" and "The audit log"): each goes through the
 * service the CLI uses, writes an audit row with the values before and after, and money carries the
 * operator's id; credits, debits and payouts above the four-eyes amount wait for a second,
 * different operator.
 */
let t: ConsoleTestApp;
let owner: ConsoleOperator;
let finance: ConsoleOperator;
let finance2: ConsoleOperator;
let trader: ConsoleOperator;
let support: ConsoleOperator;

beforeAll(async () => {
  t = await createConsoleTestApp();
  owner = await t.newOperator('acts-owner', 'owner');
  finance = await t.newOperator('acts-fin', 'finance');
  finance2 = await t.newOperator('acts-fin2', 'finance');
  trader = await t.newOperator('acts-trader', 'trader');
  support = await t.newOperator('acts-support', 'support');
}, 60_000);
afterAll(async () => t.close());

async function lastAudit(action: string) {
  const res = await t.admin('admin/auditLog', { limit: 5 }, owner.token);
  expect(res.statusCode, res.body).toBe(200);
  const row = (res.json().data.rows as { action: string }[]).find((candidate) => candidate.action === action);
  expect(row, `audit row ${action}`).toBeDefined();
  return row as {
    id: number;
    at: string;
    operator: string;
    action: string;
    target: string;
    before: string | null;
    after: string | null;
    ip: string;
  };
}

const cashOf = async (name: string) =>
  (await t.admin('admin/player', { user_name: name }, owner.token)).json().data.balance.cash as number;

describe(`console acts (${testDatabaseKind()})`, () => {
  it('credits and debits with a reason; the ledger transaction carries the operator; the audit row has before and after', async () => {
    await t.newPayer('acts-p1');
    const credit = await t.admin(
      'admin/walletAdjust',
      { user_name: 'acts-p1', direction: 'credit', amount: 250.5, reason: 'goodwill' },
      finance.token,
    );
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json()).toMatchObject({
      status: true,
      data: { status: 'done', user_name: 'acts-p1', balance: { cash: 250.5 } },
    });
    const row = await lastAudit('wallet.credit');
    expect(row).toMatchObject({ operator: 'acts-fin', target: 'user:acts-p1' });
    expect(JSON.parse(row.before!)).toEqual({ cash: 0 });
    expect(JSON.parse(row.after!)).toMatchObject({ cash: 250.5, amount: 250.5, reason: 'goodwill' });
    expect(row.ip).toMatch(/^10\./);
    const debit = await t.admin(
      'admin/walletAdjust',
      { user_name: 'acts-p1', direction: 'debit', amount: 50, reason: 'correction' },
      owner.token,
    );
    expect(debit.json().data.balance.cash).toBe(200.5);
    const ledger = (await t.admin('admin/playerLedger', { user_name: 'acts-p1' }, support.token)).json().data.rows as {
      kind: string;
      operator: string | null;
    }[];
    expect(ledger.filter((line) => line.kind === 'operator_credit').map((line) => line.operator)).toEqual(['acts-fin']);
    expect(ledger.filter((line) => line.kind === 'operator_debit').map((line) => line.operator)).toEqual(['acts-owner']);
    const bonus = await t.admin(
      'admin/grantBonus',
      { user_name: 'acts-p1', wallet: 'wager', amount: 40, reason: 'welcome back' },
      finance.token,
    );
    expect(bonus.statusCode, bonus.body).toBe(200);
    expect(bonus.json().data.balance.wager_bonus).toBe(40);
    expect(JSON.parse((await lastAudit('bonus.grant')).after!)).toMatchObject({ wager_bonus: 40, reason: 'welcome back' });
    const grants = (await t.admin('admin/playerLedger', { user_name: 'acts-p1' }, support.token)).json().data.rows as {
      kind: string;
      operator: string | null;
    }[];
    expect(grants.filter((line) => line.kind === 'bonus_grant').map((line) => line.operator)).toEqual(['acts-fin']);
    const tooMuch = await t.admin(
      'admin/walletAdjust',
      { user_name: 'acts-p1', direction: 'debit', amount: 1_000, reason: 'x' },
      owner.token,
    );
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().code).toBe('INSUFFICIENT_BALANCE');
  });

  it('four-eyes: a credit above the amount waits (202 awaiting_approval) until a second operator approves it', async () => {
    await t.newPayer('acts-p2');
    const asked = await t.admin(
      'admin/walletAdjust',
      { user_name: 'acts-p2', direction: 'credit', amount: 60_000, reason: 'big win refund' },
      finance.token,
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const body = asked.json();
    expect(body.status).toBe('awaiting_approval');
    expect(body.request_id).toEqual(expect.any(Number));
    expect(body.data).toEqual({ status: 'awaiting_approval', request_id: body.request_id });
    expect(asked.headers['cache-control']).toBe('no-store');
    expect(await cashOf('acts-p2')).toBe(0);

    const own = await t.admin('admin/decideApproval', { request_id: body.request_id, decision: 'approve' }, finance.token);
    expect(own.statusCode).toBe(422);
    expect(own.json().code).toBe('REFUSED');
    expect(await cashOf('acts-p2')).toBe(0);

    const waiting = (await t.admin('admin/approvals', { status: 'pending' }, owner.token)).json().data.rows;
    expect(waiting).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ request_id: body.request_id, requested_by: 'acts-fin', amount: 60_000 }),
      ]),
    );

    const approved = await t.admin('admin/decideApproval', { request_id: body.request_id, decision: 'approve' }, finance2.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', requested_by: 'acts-fin', decided_by: 'acts-fin2' });
    expect(await cashOf('acts-p2')).toBe(60_000);
    expect(
      (await t.admin('admin/decideApproval', { request_id: body.request_id, decision: 'approve' }, owner.token)).statusCode,
    ).toBe(409);
    const audit = await lastAudit('approval.approve');
    expect(audit.operator).toBe('acts-fin2');
    expect(JSON.parse(audit.before!)).toMatchObject({ status: 'pending' });

    // A rejected request changes nothing.
    const second = await t.admin(
      'admin/walletAdjust',
      { user_name: 'acts-p2', direction: 'debit', amount: 55_000, reason: 'error' },
      finance.token,
    );
    const rejected = await t.admin(
      'admin/decideApproval',
      { request_id: second.json().request_id, decision: 'reject', reason: 'not justified' },
      owner.token,
    );
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'not justified' });
    expect(await cashOf('acts-p2')).toBe(60_000);
  });

  it('settings: validated as `settings set` is, owner only, the four-eyes amount among them, audited with before and after', async () => {
    const bad = await t.admin('admin/setSetting', { key: 'bg_primary_color', value: 'red' }, owner.token);
    expect(bad.statusCode).toBe(400);
    expect((await t.admin('admin/setSetting', { key: 'no_such_key', value: '1' }, owner.token)).statusCode).toBe(400);
    expect((await t.admin('admin/setSetting', { key: 'four_eyes_amount', value: 'lots' }, owner.token)).statusCode).toBe(400);
    const ok = await t.admin('admin/setSetting', { key: 'bg_primary_color', value: '#123456' }, owner.token);
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await lastAudit('settings.set');
    expect(JSON.parse(row.before!)).toEqual({ bg_primary_color: '#0e1621' });
    expect(JSON.parse(row.after!)).toEqual({ bg_primary_color: '#123456' });
    t.clock.advance(3_000);
    expect((await t.get('globalSetting/getGlobalSetting')).json().data.bg_primary_color).toBe('#123456');
    // The operators' own setting is never sent to the site.
    expect((await t.get('globalSetting/getGlobalSetting')).json().data).not.toHaveProperty('four_eyes_amount');
    const rows = (await t.admin('admin/settings', {}, support.token)).json().data.rows as { key: string; value: string }[];
    expect(rows.find((r) => r.key === 'four_eyes_amount')?.value).toBe('50000');

    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploadImage',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'multipart/form-data; boundary=XyZ' },
      payload: Buffer.concat([
        Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="key"\r\n\r\nlogo\r\n'),
        Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="image"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n'),
        PNG_BYTES,
        Buffer.from('\r\n--XyZ--\r\n'),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const logo = upload.json().data.value as string;
    expect(logo).toMatch(/^[a-f0-9]{32}\.png$/);
    expect((await t.get(`upload/image/${logo}`)).statusCode).toBe(200);
  });

  it('withdrawals: approve below the amount, four-eyes above it, reject with a reason (money back), each audited', async () => {
    const payer = await t.verifiedPayer('acts-w1', 5_000);
    const small = await t.withdraw(payer.token, 500, payer.destinationId);
    const approved = await t.admin('admin/approveWithdraw', { withdraw_id: small }, finance.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toEqual({ status: 'approved', withdraw_id: small });
    expect(JSON.parse((await lastAudit('withdraw.approve')).before!)).toMatchObject({ status: 'pending', amount: 500 });

    const other = await t.withdraw(payer.token, 700, payer.destinationId);
    const rejected = await t.admin('admin/rejectWithdraw', { withdraw_id: other, reason: 'Name does not match' }, finance.token);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await cashOf('acts-w1')).toBe(4_500);
    expect(JSON.parse((await lastAudit('withdraw.reject')).after!)).toEqual({
      status: 'rejected',
      reason: 'Name does not match',
    });

    expect((await t.admin('admin/setSetting', { key: 'four_eyes_amount', value: '1000' }, owner.token)).statusCode).toBe(200);
    const big = await t.withdraw(payer.token, 2_000, payer.destinationId);
    const waiting = await t.admin('admin/approveWithdraw', { withdraw_id: big }, finance.token);
    expect(waiting.statusCode).toBe(202);
    const list = (await t.admin('admin/withdrawals', { status: 'pending' }, support.token)).json().data.rows;
    expect(list.find((row: { withdraw_id: number }) => row.withdraw_id === big).approval_request_id).toBe(
      waiting.json().request_id,
    );
    expect(
      (await t.admin('admin/decideApproval', { request_id: waiting.json().request_id, decision: 'approve' }, finance.token))
        .statusCode,
    ).toBe(422);
    expect(
      (await t.admin('admin/decideApproval', { request_id: waiting.json().request_id, decision: 'approve' }, owner.token))
        .statusCode,
    ).toBe(200);
    const status = (await t.admin('admin/withdrawals', { user_name: 'acts-w1' }, support.token)).json().data.rows;
    expect(status.find((row: { withdraw_id: number }) => row.withdraw_id === big).status).toBe('approved');
    expect((await t.admin('admin/setSetting', { key: 'four_eyes_amount', value: '50000' }, owner.token)).statusCode).toBe(200);
  });

  it('players: disable blocks login, enable lets back in, force password change; each audited', async () => {
    await t.newPayer('acts-p3');
    const disabled = await t.admin(
      'admin/setPlayerStatus',
      { user_name: 'acts-p3', status: 'disabled', reason: 'fraud check' },
      support.token,
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await t.post('user/login', { user_name: 'acts-p3', password: 'Wallet2026', type: 'C' })).statusCode).not.toBe(200);
    expect(JSON.parse((await lastAudit('player.disable')).before!)).toEqual({ status: 'active' });
    expect((await t.admin('admin/setPlayerStatus', { user_name: 'acts-p3', status: 'active' }, support.token)).statusCode).toBe(
      200,
    );
    expect((await t.post('user/login', { user_name: 'acts-p3', password: 'Wallet2026', type: 'C' })).statusCode).toBe(200);
    expect((await t.admin('admin/forcePasswordChange', { user_name: 'acts-p3' }, support.token)).statusCode).toBe(200);
    expect((await t.admin('admin/player', { user_name: 'acts-p3' }, support.token)).json().data.must_change_password).toBe(true);
    expect(JSON.parse((await lastAudit('player.force_password_change')).after!)).toEqual({ must_change_password: true });
  });

  it('responsible play: an operator tightens a limit, never loosens it, and may start a time-out', async () => {
    await t.newPayer('acts-p4');
    const set = await t.admin(
      'admin/rgTighten',
      { user_name: 'acts-p4', kind: 'deposit', period: 'day', amount: 1_000, reason: 'asked by phone' },
      support.token,
    );
    expect(set.statusCode, set.body).toBe(200);
    const limit = (state: { limits: { kind: string; period: string; amount: number | null }[] }) =>
      state.limits.find((row) => row.kind === 'deposit' && row.period === 'day')?.amount;
    expect(limit(set.json().data)).toBe(1_000);
    const looser = await t.admin(
      'admin/rgTighten',
      { user_name: 'acts-p4', kind: 'deposit', period: 'day', amount: 2_000, reason: 'x' },
      owner.token,
    );
    expect(looser.statusCode).toBe(422);
    expect(limit((await t.admin('admin/rgState', { user_name: 'acts-p4' }, finance.token)).json().data)).toBe(1_000);
    const pause = await t.admin(
      'admin/rgPause',
      { user_name: 'acts-p4', kind: 'time_out', duration: '24h', reason: 'asked' },
      support.token,
    );
    expect(pause.statusCode, pause.body).toBe(200);
    expect(pause.json().data.pause.kind).toBe('time_out');
    expect(JSON.parse((await lastAudit('rg.limit')).after!)).toMatchObject({ amount: 1_000 });
    expect(JSON.parse((await lastAudit('rg.time_out')).before!)).toEqual({ pause: null });
  });

  it(
    'sports: exposure per runner, suspend and resume, declare a result that settles the player’s bet',
    { timeout: 90_000 },
    async () => {
      const open = await findOpenMatchOdds(t);
      const bettor = await t.newPayer('acts-bettor');
      await t.credit(bettor.userId, 100_000);
      const runner = open.market.runners[0]!;
      const bet = await placeBet(t, 'bet/placeMarketBet', bettor.token, {
        match_id: open.matchId,
        market_id: open.market.market_id,
        selection_id: runner.selection_id,
        odds: runner.back[0]!.odds,
        stack: 100,
        is_back: 1,
      });
      expect(bet.statusCode, bet.body).toBe(200);
      const detail = (await t.admin('admin/fixtureMarkets', { match_id: open.matchId }, trader.token)).json().data;
      const market = detail.markets.find((m: { market_id: string }) => m.market_id === open.market.market_id);
      const winIfFirst = market.runners.find((r: { selection_id: number }) => r.selection_id === runner.selection_id).exposure;
      expect(winIfFirst).toBeCloseTo(100 * (runner.back[0]!.odds - 1), 2);
      expect(market.runners.find((r: { selection_id: number }) => r.selection_id !== runner.selection_id).exposure).toBe(-100);
      const exposure = (await t.admin('admin/exposure', { match_id: open.matchId }, trader.token)).json().data.rows;
      expect(exposure.length).toBeGreaterThan(0);

      expect((await t.admin('admin/suspend', { market_id: open.market.market_id }, trader.token)).statusCode).toBe(200);
      expect((await lastAudit('sports.suspend')).target).toBe(`market ${open.market.market_id}`);
      expect((await t.admin('admin/resume', { market_id: open.market.market_id }, trader.token)).statusCode).toBe(200);

      const wrong = await t.admin(
        'admin/declareResult',
        { market_id: open.market.market_id, winner_selection_ids: [1] },
        trader.token,
      );
      expect(wrong.statusCode).toBe(400);
      const result = await t.admin(
        'admin/declareResult',
        { market_id: open.market.market_id, winner_selection_ids: [runner.selection_id] },
        trader.token,
      );
      expect(result.statusCode, result.body).toBe(200);
      expect(result.json().data).toMatchObject({ result: 'settled', bets: 1, settlement_no: 1 });
      const bets = (await t.admin('admin/playerBets', { user_name: 'acts-bettor' }, support.token)).json().data.rows;
      expect(bets[0]).toMatchObject({ status: 'won', stake: 100 });
      expect(JSON.parse((await lastAudit('sports.result')).after!)).toMatchObject({ winners: [runner.selection_id], bets: 1 });
      const voided = await t.admin('admin/void', { market_id: open.market.market_id, reason: 'wrong result' }, trader.token);
      expect(voided.json().data).toMatchObject({ result: 'settled', settlement_no: 2 });
    },
  );

  it('casino: enable, order and mark popular, audited; RTP actual against stated', async () => {
    const games = (await t.admin('admin/casinoGames', {}, trader.token)).json().data.rows as {
      game_id: number;
      is_popular: boolean;
    }[];
    const game = games[0]!;
    const set = await t.admin('admin/setGame', { game_id: game.game_id, is_popular: true, sort_order: 5 }, trader.token);
    expect(set.json().data).toMatchObject({ is_popular: true, sort_order: 5 });
    const row = await lastAudit('casino.game');
    expect(JSON.parse(row.before!)).toMatchObject({ is_popular: false, sort_order: 0 });
    expect(JSON.parse(row.after!)).toMatchObject({ is_popular: true, sort_order: 5 });
    const providers = (await t.admin('admin/casinoProviders', {}, trader.token)).json().data.rows;
    expect(
      (await t.admin('admin/setProvider', { provider_id: providers[0].provider_id, sort_order: 2 }, trader.token)).statusCode,
    ).toBe(200);
  });

  it('the audit log filters by operator and dates, newest first, and is append-only in the database', async () => {
    const mine = (await t.admin('admin/auditLog', { operator: 'acts-trader' }, owner.token)).json().data;
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((row: { operator: string }) => row.operator === 'acts-trader')).toBe(true);
    const ids = mine.rows.map((row: { id: number }) => row.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    expect(
      (await t.admin('admin/auditLog', { from_date: day, to_date: day }, owner.token)).json().data.total_rows,
    ).toBeGreaterThan(0);
    expect((await t.admin('admin/auditLog', { to_date: '2020-01-01' }, owner.token)).json().data.total_rows).toBe(0);
    await expect(t.database.db.updateTable('operator_audit').set({ action: 'x' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.database.db.deleteFrom('operator_audit').execute()).rejects.toThrow(/append-only/);
  });
});
