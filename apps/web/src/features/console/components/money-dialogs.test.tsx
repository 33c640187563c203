// @vitest-environment happy-dom
import {
  adminApprovals,
  adminApproveWithdraw,
  adminDecideApproval,
  adminFixtureMarkets,
  adminPlayer,
  adminSettlementPreview,
  adminVoid,
  adminWalletAdjust,
  adminWithdrawals,
  type DataOf,
} from '@app/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { initConsoleTestI18n } from '@/lib/test-i18n';
import { ApprovalsPage } from '../pages/approvals-page';
import { PaymentsPage } from '../pages/payments-page';
import { PlayerPage } from '../pages/player-page';
import { answer, fakeConsoleServer, logInAs, renderConsole } from '../test/render-console';
import { FixtureMarkets } from './fixture-markets';

/**
 * The console's money dialogs (docs/operators.md, "Money acts"): nothing moves on the first
 * press; the dialog names the player, the amount and the effect, and the act is sent once, on
 * Confirm, with its Idempotency-Key.
 */
const AT = '2026-12-06T10:00:00.000Z';

const withdrawal: DataOf<typeof adminWithdrawals>['rows'][number] = {
  withdraw_id: 41,
  user_name: 'rahul',
  amount: 60_600,
  status: 'pending',
  destination: 'UPI rahul@okaxis',
  reason: null,
  approval_request_id: null,
  created_at: AT,
  updated_at: AT,
};

const player: DataOf<typeof adminPlayer> = {
  user_name: 'rahul',
  mobile: null,
  email: null,
  status: 'active',
  is_demo: false,
  cash: 1_000,
  created_at: AT,
  last_login_at: null,
  must_change_password: false,
  kyc_status: 'approved',
  balance: { cash: 1_000, exposure: 0, split_bonus: 0, wager_bonus: 0 },
};

beforeAll(() => initConsoleTestI18n('en'));
beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'info');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const dialog = () => screen.getByRole('dialog');

describe('approving a withdrawal', () => {
  it('asks first, naming the player, the amount, the destination and the payout; approves once on Confirm', async () => {
    logInAs('asha', 'finance');
    const server = fakeConsoleServer([
      answer(adminWithdrawals, () => ({ rows: [withdrawal], page: 1, limit: 50, total_rows: 1 })),
      answer(adminApproveWithdraw, () => ({ withdraw_id: 41, status: 'approved' as const })),
    ]);
    renderConsole(<PaymentsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve withdrawal 41' }));

    const facts = within(dialog()).getByTestId('money-facts');
    expect(facts.textContent).toContain('rahul');
    expect(facts.textContent).toContain('₹60,600.00');
    expect(facts.textContent).toContain('UPI rahul@okaxis');
    expect(facts.textContent).toContain("₹60,600.00 is paid out to rahul's destination");
    expect(server.callsTo('admin/approveWithdraw')).toHaveLength(0);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.callsTo('admin/approveWithdraw')).toHaveLength(1));
    expect(server.callsTo('admin/approveWithdraw')[0]).toMatchObject({ body: { withdraw_id: 41 } });
    expect(server.callsTo('admin/approveWithdraw')[0]!.idempotencyKey).toBeTruthy();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Withdrawal 41 approved; the payout is on its way.'));
  });

  it('Cancel moves nothing', async () => {
    logInAs('asha', 'finance');
    const server = fakeConsoleServer([
      answer(adminWithdrawals, () => ({ rows: [withdrawal], page: 1, limit: 50, total_rows: 1 })),
    ]);
    renderConsole(<PaymentsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve withdrawal 41' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo('admin/approveWithdraw')).toHaveLength(0);
  });
});

describe('crediting a player', () => {
  it('shows the cash before and after before it sends; Back keeps what was typed; Confirm sends it once', async () => {
    logInAs('asha', 'finance');
    const server = fakeConsoleServer([
      answer(adminPlayer, () => player),
      answer(adminWalletAdjust, (body) => ({
        status: 'done' as const,
        user_name: 'rahul',
        balance: { ...player.balance, cash: player.balance.cash + body.amount },
      })),
    ]);
    renderConsole(<PlayerPage />, { path: '/admin/players/:userName', at: '/admin/players/rahul' });
    fireEvent.click(await screen.findByRole('button', { name: 'Credit' }));
    fireEvent.change(within(dialog()).getByLabelText('Amount (₹)'), { target: { value: '500' } });
    fireEvent.change(within(dialog()).getByLabelText('Reason'), { target: { value: 'goodwill' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Next' }));

    expect(within(dialog()).getByTestId('money-facts').textContent).toContain(
      "rahul's cash goes from ₹1,000.00 to ₹1,500.00 (₹500.00 credited).",
    );
    expect(server.callsTo('admin/walletAdjust')).toHaveLength(0);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Back' }));
    expect((within(dialog()).getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('500');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Next' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Credit' }));

    await waitFor(() => expect(server.callsTo('admin/walletAdjust')).toHaveLength(1));
    expect(server.callsTo('admin/walletAdjust')[0]!.body).toEqual({
      user_name: 'rahul',
      direction: 'credit',
      amount: 500,
      reason: 'goodwill',
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Credited ₹500.00. Cash is now ₹1,500.00.'));
  });

  it('never reaches the confirmation with an amount that is not money', async () => {
    logInAs('asha', 'finance');
    const server = fakeConsoleServer([answer(adminPlayer, () => player)]);
    renderConsole(<PlayerPage />, { path: '/admin/players/:userName', at: '/admin/players/rahul' });
    fireEvent.click(await screen.findByRole('button', { name: 'Debit' }));
    fireEvent.change(within(dialog()).getByLabelText('Amount (₹)'), { target: { value: '5.005' } });
    fireEvent.change(within(dialog()).getByLabelText('Reason'), { target: { value: 'x' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(within(dialog()).queryByTestId('money-facts')).toBeNull();
    expect(dialog().textContent).toContain('Enter an amount above zero');
    expect(server.callsTo('admin/walletAdjust')).toHaveLength(0);
  });
});

describe('the four-eyes sheet', () => {
  const request: DataOf<typeof adminApprovals>['rows'][number] = {
    request_id: 7,
    kind: 'withdraw_approve',
    status: 'pending',
    target: 'withdraw:41',
    player: 'rahul',
    amount: 60_600,
    summary: 'pay out ₹60600.00 to rahul',
    requested_by: 'asha',
    requested_at: AT,
    decided_by: null,
    decided_at: null,
    reason: null,
  };

  it('names who asked and the player, and what approving does; the asker sees no buttons', async () => {
    logInAs('vikram', 'owner');
    const server = fakeConsoleServer([
      answer(adminApprovals, () => ({ rows: [request], page: 1, limit: 50, total_rows: 1 })),
      answer(adminDecideApproval, () => ({ ...request, status: 'approved' as const, decided_by: 'vikram', decided_at: AT })),
    ]);
    renderConsole(<ApprovalsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve request 7' }));
    const facts = within(dialog()).getByTestId('money-facts').textContent;
    expect(facts).toContain('Asked by');
    expect(facts).toContain('asha');
    expect(facts).toContain('rahul');
    expect(facts).toContain('₹60,600.00');
    expect(facts).toContain('Approving carries out what asha asked: ₹60,600.00 is paid out to rahul.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.callsTo('admin/decideApproval')).toHaveLength(1));
    expect(server.callsTo('admin/decideApproval')[0]!.body).toEqual({ request_id: 7, decision: 'approve' });
  });

  it('shows the asker their own request without a way to approve it', async () => {
    logInAs('asha', 'owner');
    fakeConsoleServer([answer(adminApprovals, () => ({ rows: [request], page: 1, limit: 50, total_rows: 1 }))]);
    renderConsole(<ApprovalsPage />);
    expect(await screen.findByText('Your request')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve request 7' })).toBeNull();
  });
});

describe('voiding a market', () => {
  const fixture: DataOf<typeof adminFixtureMarkets> = {
    match_id: 3,
    match_name: 'Mumbai v Chennai',
    markets: [
      {
        market_id: '1.301',
        market_name: 'Match Odds',
        product: 'match_odds',
        status: 'open',
        is_operator_suspended: false,
        number_of_winners: 1,
        exposure: 150,
        runners: [
          { selection_id: 1, name: 'Mumbai', exposure: 150, result: null },
          { selection_id: 2, name: 'Chennai', exposure: -300, result: null },
        ],
      },
    ],
    fancy: [],
  };

  it('counts the bets and the money it moves before, and says "voided" after, never "settled"', async () => {
    logInAs('ravi', 'trader');
    const server = fakeConsoleServer([
      answer(adminFixtureMarkets, () => fixture),
      answer(adminSettlementPreview, () => ({
        target: 'M:1.301',
        players: 2,
        open_bets: 3,
        open_stake: 300,
        open_held: 300,
        settled_bets: 0,
        settled_profit_loss: 0,
      })),
      answer(adminVoid, () => ({ target: 'M:1.301', result: 'settled' as const, settlement_no: 1, bets: 3 })),
    ]);
    renderConsole(<FixtureMarkets matchId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Void' }));
    const facts = await within(dialog()).findByTestId('money-facts');
    expect(facts.textContent).toContain('3 open bets are voided: the ₹300.00 held for them goes back to the players.');
    expect(server.callsTo('admin/void')).toHaveLength(0);

    fireEvent.change(within(dialog()).getByLabelText('Reason'), { target: { value: 'abandoned' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(server.callsTo('admin/void')).toHaveLength(1));
    expect(server.callsTo('admin/void')[0]!.body).toEqual({ market_id: '1.301', reason: 'abandoned' });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Voided: 3 bets; their money is back with the players.'));
    expect(vi.mocked(toast.success).mock.calls.flat().join(' ')).not.toContain('Settled');
  });
});
