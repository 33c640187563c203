import {
  adminApproveWithdraw,
  adminDeposits,
  adminKycDocument,
  adminKycList,
  adminKycReview,
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
import { Button, Modal, Tabs, toast } from '@/components/ui';
import { useConsoleQuery } from '../api/use-console-query';
import { ActionDialog } from '../components/action-dialog';
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
  const [busyId, setBusyId] = useState<number | null>(null);
  const query = useConsoleQuery(adminWithdrawals, { ...(status ? { status } : {}), page, limit: PAGE_SIZE });

  async function approve(row: WithdrawRow) {
    setBusyId(row.withdraw_id);
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
    } finally {
      setBusyId(null);
    }
  }

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
                          isLoading={busyId === row.withdraw_id}
                          aria-label={t('payments.approveLabel', { id: row.withdraw_id })}
                          onClick={() => void approve(row)}
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
        isOpen={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t('payments.rejectTitle', { id: rejecting?.withdraw_id ?? '' })}
        description={
          rejecting ? t('payments.rejectText', { name: rejecting.user_name, amount: rupees(rejecting.amount) }) : undefined
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

function DocumentViewer({ userName, onClose }: { userName: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const document = useConsoleQuery(adminKycDocument, { user_name: userName });
  return (
    <Modal isOpen onClose={onClose} title={t('payments.documentOf', { name: userName })} size="lg">
      {document.data ? (
        <img
          className="console-document"
          src={`data:${document.data.content_type};base64,${document.data.base64}`}
          alt={t('payments.documentOf', { name: userName })}
        />
      ) : (
        <p>{document.error?.message ?? t('common.loading')}</p>
      )}
    </Modal>
  );
}

function IdentityChecks() {
  const { t } = useTranslation('admin');
  const refresh = useRefreshConsole();
  const canDecide = useMay('kyc.decide');
  const [status, setStatus] = useState<'submitted' | 'approved' | 'rejected' | ''>('submitted');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const query = useConsoleQuery(adminKycList, { ...(status ? { status } : {}), page, limit: PAGE_SIZE });

  async function review(userName: string, decision: 'approved' | 'rejected', reason?: string) {
    try {
      await callConsole(adminKycReview, { user_name: userName, decision, ...(reason ? { reason } : {}) });
      toast.success(t(`kyc.status.${decision}`));
      await refresh();
    } catch (error) {
      toastConsoleError(error);
      throw error;
    }
  }

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
            render: (row) => (
              <div className="console-actions">
                <Button size="sm" variant="secondary" onClick={() => setViewing(row.user_name)}>
                  {t('payments.viewDocument')}
                </Button>
                {canDecide && row.status === 'submitted' && (
                  <>
                    <Button size="sm" onClick={() => void review(row.user_name, 'approved').catch(() => undefined)}>
                      {t('payments.approve')}
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setRejecting(row.user_name)}>
                      {t('payments.reject')}
                    </Button>
                  </>
                )}
              </div>
            ),
          },
        ]}
      />
      {viewing && <DocumentViewer userName={viewing} onClose={() => setViewing(null)} />}
      <ActionDialog
        isOpen={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t('payments.rejectIdentity', { name: rejecting ?? '' })}
        submitLabel={t('payments.reject')}
        isDanger
        onSubmit={(values) => (rejecting ? review(rejecting, 'rejected', values.reason) : Promise.resolve())}
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

/** Deposits, the withdrawal queue, identity checks and the daily reconciliation (issue 23 §2). */
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
