import {
  adminApproveWithdraw,
  adminDeposits,
  adminKycList,
  adminReconciliation,
  adminRejectWithdraw,
  adminWithdrawals,
  type DataOf,
  DEPOSIT_STATUSES,
  type DepositStatus,
  WITHDRAW_STATUSES,
  type WithdrawStatus,
} from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Tabs, toast } from '@/components/ui';
import { useConsoleQuery } from '../api/use-console-query';
import { ActionDialog, MoneyFacts } from '../components/action-dialog';
import { IdentityDecision } from '../components/identity-decision';
import { ConsoleTable } from '../components/console-table';
import { StatusSelect } from '../components/status-select';
import { callConsole, callConsoleFourEyes, toastConsoleError } from '../lib/console-api';
import { useMay } from '../lib/use-may';
import { dateTime, rupees } from '../model/format';
import { queryKeys } from '@/lib/query-keys';

type Tab = 'withdrawals' | 'deposits' | 'identity' | 'reconciliation';
type WithdrawRow = DataOf<typeof adminWithdrawals>['rows'][number];
type DepositRow = DataOf<typeof adminDeposits>['rows'][number];
type KycRow = DataOf<typeof adminKycList>['rows'][number];
type ReconRow = DataOf<typeof adminReconciliation>['rows'][number];
type ContradictionRow = DataOf<typeof adminReconciliation>['contradictions'][number];
const PAGE_SIZE = 50;

function useRefreshConsole() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.console.all });
}

function Withdrawals() {
  const { t } = useTranslation('admin');
  const refresh = useRefreshConsole();
  const canDecide = useMay('payments.decide');
  const [status, setStatus] = useState<WithdrawStatus | ''>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<WithdrawRow | null>(null);
  const [approving, setApproving] = useState<WithdrawRow | null>(null);
  const query = useConsoleQuery(adminWithdrawals, { ...(status ? { status } : {}), page, limit: PAGE_SIZE });

  async function approve(row: WithdrawRow) {
    try {
      const result = await callConsoleFourEyes(
        adminApproveWithdraw,
        { withdraw_id: row.withdraw_id },
        { idempotencyKey: crypto.randomUUID() },
      );
      if (result.isAwaiting) toast.info(t('common.awaitingApproval', { id: result.awaiting.request_id }));
      else toast.success(t('payments.approved', { id: row.withdraw_id }));
      await refresh();
    } catch (error) {
      toastConsoleError(error);
      throw error;
    }
  }

  /** The withdrawal as the operator confirms a decision on it: who, how much, where to. */
  const withdrawFacts = (row: WithdrawRow) => [
    { label: t('common.player'), value: row.user_name },
    { label: t('player.amount'), value: rupees(row.amount) },
    { label: t('payments.destination'), value: row.destination },
  ];

  return (
    <>
      <ConsoleTable<WithdrawRow>
        title={t('payments.withdrawQueue')}
        testId="withdrawals-table"
        rows={query.data?.rows}
        isLoading={query.isPending}
        getRowKey={(row) => row.withdraw_id}
        paging={query.data && { ...query.data, onPageChange: setPage }}
        toolbar={
          <StatusSelect
            statuses={WITHDRAW_STATUSES}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
            labelOf={(item) => t(`payments.withdrawStatus.${item}`)}
          />
        }
        columns={[
          { key: 'id', header: t('payments.withdrawId'), value: (row) => row.withdraw_id },
          { key: 'user', header: t('common.player'), value: (row) => row.user_name },
          {
            key: 'amount',
            header: t('player.amount'),
            value: (row) => row.amount,
            render: (row) => rupees(row.amount),
            align: 'end',
          },
          {
            key: 'status',
            header: t('common.status'),
            value: (row) =>
              row.approval_request_id
                ? `${t(`payments.withdrawStatus.${row.status}`)} · ${t('payments.awaitingRequest', { id: row.approval_request_id })}`
                : t(`payments.withdrawStatus.${row.status}`),
          },
          { key: 'destination', header: t('payments.destination'), value: (row) => row.destination },
          { key: 'reason', header: t('common.reason'), value: (row) => row.reason },
          {
            key: 'created',
            header: t('payments.requestedAt'),
            value: (row) => row.created_at,
            render: (row) => dateTime(row.created_at),
          },
          ...(canDecide
            ? [
                {
                  key: 'actions',
                  header: t('common.actions'),
                  isAction: true,
                  value: () => '',
                  render: (row: WithdrawRow) =>
                    row.status === 'pending' && !row.approval_request_id ? (
                      <div className="console-actions">
                        <Button
                          size="sm"
                          aria-label={t('payments.approveLabel', { id: row.withdraw_id })}
                          onClick={() => setApproving(row)}
                        >
                          {t('payments.approve')}
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          aria-label={t('payments.rejectLabel', { id: row.withdraw_id })}
                          onClick={() => setRejecting(row)}
                        >
                          {t('payments.reject')}
                        </Button>
                      </div>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      <ActionDialog
        isOpen={approving !== null}
        onClose={() => setApproving(null)}
        title={t('payments.approveTitle', { id: approving?.withdraw_id ?? '' })}
        description={
          approving ? (
            <MoneyFacts
              facts={withdrawFacts(approving)}
              effect={t('payments.approveEffect', { name: approving.user_name, amount: rupees(approving.amount) })}
            />
          ) : undefined
        }
        submitLabel={t('payments.approve')}
        askReason={false}
        onSubmit={() => (approving ? approve(approving) : Promise.resolve())}
      />
      <ActionDialog
        isOpen={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t('payments.rejectTitle', { id: rejecting?.withdraw_id ?? '' })}
        description={
          rejecting ? (
            <MoneyFacts
              facts={withdrawFacts(rejecting)}
              effect={t('payments.rejectText', { name: rejecting.user_name, amount: rupees(rejecting.amount) })}
            />
          ) : undefined
        }
        submitLabel={t('payments.reject')}
        isDanger
        onSubmit={async (values) => {
          if (!rejecting) return;
          try {
            await callConsole(
              adminRejectWithdraw,
              { withdraw_id: rejecting.withdraw_id, reason: values.reason },
              { idempotencyKey: crypto.randomUUID() },
            );
            toast.success(t('payments.rejected', { id: rejecting.withdraw_id }));
            await refresh();
          } catch (error) {
            toastConsoleError(error);
            throw error;
          }
        }}
      />
    </>
  );
}

function Deposits() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<DepositStatus | ''>('');
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(adminDeposits, { ...(status ? { status } : {}), page, limit: PAGE_SIZE });
  return (
    <ConsoleTable<DepositRow>
      title={t('payments.deposits')}
      rows={query.data?.rows}
      isLoading={query.isPending}
      getRowKey={(row) => row.order_id}
      paging={query.data && { ...query.data, onPageChange: setPage }}
      toolbar={
        <StatusSelect
          statuses={DEPOSIT_STATUSES}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
          labelOf={(item) => t(`payments.depositStatus.${item}`)}
        />
      }
      columns={[
        { key: 'order', header: t('payments.order'), value: (row) => row.order_id },
        { key: 'user', header: t('common.player'), value: (row) => row.user_name },
        {
          key: 'amount',
          header: t('player.amount'),
          value: (row) => row.amount,
          render: (row) => rupees(row.amount),
          align: 'end',
        },
        { key: 'method', header: t('payments.method'), value: (row) => t(`payments.methods.${row.method}`) },
        { key: 'status', header: t('common.status'), value: (row) => t(`payments.depositStatus.${row.status}`) },
        { key: 'gateway', header: t('payments.gateway'), value: (row) => row.gateway },
        {
          key: 'created',
          header: t('payments.requestedAt'),
          value: (row) => row.created_at,
          render: (row) => dateTime(row.created_at),
        },
        {
          key: 'updated',
          header: t('payments.updatedAt'),
          value: (row) => row.updated_at,
          render: (row) => dateTime(row.updated_at),
        },
      ]}
    />
  );
}

function IdentityChecks() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<'submitted' | 'approved' | 'rejected' | ''>('submitted');
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(adminKycList, { ...(status ? { status } : {}), page, limit: PAGE_SIZE });

  return (
    <>
      <ConsoleTable<KycRow>
        title={t('payments.identityChecks')}
        rows={query.data?.rows}
        isLoading={query.isPending}
        getRowKey={(row) => row.user_name}
        paging={query.data && { ...query.data, onPageChange: setPage }}
        toolbar={
          <StatusSelect
            statuses={['submitted', 'approved', 'rejected'] as const}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
            labelOf={(item) => t(`kyc.status.${item}`)}
          />
        }
        columns={[
          { key: 'user', header: t('common.player'), value: (row) => row.user_name },
          { key: 'name', header: t('kyc.legalName'), value: (row) => row.legal_name },
          { key: 'dob', header: t('kyc.dateOfBirth'), value: (row) => row.date_of_birth },
          { key: 'status', header: t('common.status'), value: (row) => t(`kyc.status.${row.status}`) },
          { key: 'reason', header: t('common.reason'), value: (row) => row.reason },
          {
            key: 'submitted',
            header: t('kyc.submittedAt'),
            value: (row) => row.submitted_at,
            render: (row) => dateTime(row.submitted_at),
          },
          {
            key: 'actions',
            header: t('common.actions'),
            isAction: true,
            value: () => '',
            render: (row) => <IdentityDecision userName={row.user_name} status={row.status} legalName={row.legal_name} />,
          },
        ]}
      />
    </>
  );
}

function Reconciliation() {
  const { t } = useTranslation('admin');
  const query = useConsoleQuery(adminReconciliation, {});
  return (
    <div className="console-page">
      {query.data && (
        <p className={`console-badge ${query.data.ledger_ok ? 'console-badge--good' : 'console-badge--bad'}`}>
          {query.data.ledger_ok ? t('payments.ledgerOk') : t('payments.ledgerFault')}
        </p>
      )}
      <ConsoleTable<ReconRow>
        title={t('payments.reconciliation')}
        rows={query.data?.rows}
        isLoading={query.isPending}
        getRowKey={(row) => row.day}
        columns={[
          { key: 'day', header: t('payments.day'), value: (row) => row.day },
          {
            key: 'dc',
            header: t('payments.depositsCredited'),
            value: (row) => row.deposits_credited,
            render: (row) => rupees(row.deposits_credited),
            align: 'end',
          },
          {
            key: 'dp',
            header: t('payments.depositPostings'),
            value: (row) => row.deposit_postings,
            render: (row) => rupees(row.deposit_postings),
            align: 'end',
          },
          {
            key: 'wp',
            header: t('payments.withdrawalsPaid'),
            value: (row) => row.withdrawals_paid,
            render: (row) => rupees(row.withdrawals_paid),
            align: 'end',
          },
          {
            key: 'wpo',
            header: t('payments.withdrawalPostings'),
            value: (row) => row.withdrawal_postings,
            render: (row) => rupees(row.withdrawal_postings),
            align: 'end',
          },
          {
            key: 'diff',
            header: t('payments.difference'),
            value: (row) => row.difference,
            render: (row) => (
              <span className={row.difference === 0 ? undefined : 'console-badge console-badge--bad'}>
                {rupees(row.difference)}
              </span>
            ),
            align: 'end',
          },
        ]}
      />
      {/* The gateway's answers that contradict its first about a payout: nothing changed, an operator settles each. */}
      <ConsoleTable<ContradictionRow>
        title={t('payments.contradictions')}
        rows={query.data?.contradictions}
        isLoading={query.isPending}
        getRowKey={(row) => `${row.gateway}:${row.event_id}`}
        columns={[
          { key: 'at', header: t('payments.receivedAt'), value: (row) => row.received_at },
          { key: 'id', header: t('payments.withdrawId'), value: (row) => row.withdraw_id, align: 'end' },
          { key: 'user', header: t('common.player'), value: (row) => row.user_name },
          {
            key: 'amount',
            header: t('common.amount'),
            value: (row) => row.amount,
            render: (row) => rupees(row.amount),
            align: 'end',
          },
          { key: 'status', header: t('payments.firstAnswer'), value: (row) => row.status },
          {
            key: 'event',
            header: t('payments.contraryAnswer'),
            value: (row) => row.event,
            render: (row) => <span className="console-badge console-badge--bad">{row.event}</span>,
          },
        ]}
      />
    </div>
  );
}

/** Deposits, the withdrawal queue, identity checks and the daily reconciliation (docs/operators.md, "Payments"). */
export function PaymentsPage() {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<Tab>('withdrawals');
  const tabs: Tab[] = ['withdrawals', 'deposits', 'identity', 'reconciliation'];
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.payments')}</h1>
      <Tabs
        label={t('nav.payments')}
        value={tab}
        onChange={setTab}
        tabs={tabs.map((id) => ({ id, label: t(`payments.tabs.${id}`) }))}
      >
        {tab === 'withdrawals' && <Withdrawals />}
        {tab === 'deposits' && <Deposits />}
        {tab === 'identity' && <IdentityChecks />}
        {tab === 'reconciliation' && <Reconciliation />}
      </Tabs>
    </div>
  );
}
