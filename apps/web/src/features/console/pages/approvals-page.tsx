import { adminApprovals, adminDecideApproval, APPROVAL_STATUSES, type DataOf } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, toast } from '@/components/ui';
import { useConsoleQuery } from '../api/use-console-query';
import { queryKeys } from '@/lib/query-keys';
import { ActionDialog, MoneyFacts } from '../components/action-dialog';
import { ConsoleTable } from '../components/console-table';
import { StatusSelect } from '../components/status-select';
import { callConsole, toastConsoleError } from '../lib/console-api';
import { useConsoleSession } from '../lib/console-session';
import { dateTime, rupees } from '../model/format';

type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
type ApprovalRow = DataOf<typeof adminApprovals>['rows'][number];

/** The four-eyes sheet: who asked, for which player, how much, and what deciding it does. */
export function ApprovalFacts({ row, decision }: { row: ApprovalRow; decision: 'approve' | 'reject' }) {
  const { t } = useTranslation('admin');
  const player = row.player ?? row.target;
  return (
    <MoneyFacts
      facts={[
        { label: t('approvals.requestedBy'), value: row.requested_by },
        { label: t('common.player'), value: player },
        { label: t('approvals.kind'), value: t(`approvals.kinds.${row.kind}`) },
        { label: t('player.amount'), value: rupees(row.amount) },
        { label: t('approvals.summary'), value: row.summary },
      ]}
      effect={t(`approvals.effect.${decision}.${row.kind}`, { name: player, amount: rupees(row.amount), by: row.requested_by })}
    />
  );
}
const PAGE_SIZE = 50;

/**
 * Four-eyes: credits, debits and withdrawal approvals above the amount in settings wait here for
 * a second operator. The one who asked cannot approve their own (the server refuses it too).
 */
export function ApprovalsPage() {
  const { t } = useTranslation('admin');
  const session = useConsoleSession();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ApprovalStatus | ''>('pending');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ row: ApprovalRow; decision: 'approve' | 'reject' } | null>(null);
  const query = useConsoleQuery(adminApprovals, { ...(status ? { status } : {}), page, limit: PAGE_SIZE });

  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.approvals')}</h1>
      <p className="console-page__lead">{t('approvals.lead')}</p>
      <ConsoleTable<ApprovalRow>
        title={t('approvals.table')}
        testId="approvals-table"
        rows={query.data?.rows}
        isLoading={query.isPending}
        getRowKey={(row) => row.request_id}
        paging={query.data && { ...query.data, onPageChange: setPage }}
        toolbar={
          <StatusSelect
            statuses={APPROVAL_STATUSES}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
            labelOf={(item) => t(`approvals.status.${item}`)}
          />
        }
        columns={[
          { key: 'id', header: t('approvals.request'), value: (row) => row.request_id },
          { key: 'kind', header: t('approvals.kind'), value: (row) => t(`approvals.kinds.${row.kind}`) },
          { key: 'player', header: t('common.player'), value: (row) => row.player ?? row.target },
          {
            key: 'amount',
            header: t('player.amount'),
            value: (row) => row.amount,
            render: (row) => rupees(row.amount),
            align: 'end',
          },
          { key: 'summary', header: t('approvals.summary'), value: (row) => row.summary },
          { key: 'by', header: t('approvals.requestedBy'), value: (row) => row.requested_by },
          {
            key: 'at',
            header: t('approvals.requestedAt'),
            value: (row) => row.requested_at,
            render: (row) => dateTime(row.requested_at),
          },
          { key: 'status', header: t('common.status'), value: (row) => t(`approvals.status.${row.status}`) },
          { key: 'decidedBy', header: t('approvals.decidedBy'), value: (row) => row.decided_by },
          { key: 'reason', header: t('common.reason'), value: (row) => row.reason },
          {
            key: 'actions',
            header: t('common.actions'),
            isAction: true,
            value: () => '',
            render: (row) =>
              row.status !== 'pending' ? null : row.requested_by === session?.operator ? (
                <span className="console-badge">{t('approvals.yours')}</span>
              ) : (
                <div className="console-actions">
                  <Button
                    size="sm"
                    aria-label={t('approvals.approveLabel', { id: row.request_id })}
                    onClick={() => setDeciding({ row, decision: 'approve' })}
                  >
                    {t('payments.approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={t('approvals.rejectLabel', { id: row.request_id })}
                    onClick={() => setDeciding({ row, decision: 'reject' })}
                  >
                    {t('payments.reject')}
                  </Button>
                </div>
              ),
          },
        ]}
      />
      <ActionDialog
        isOpen={deciding !== null}
        onClose={() => setDeciding(null)}
        title={t(deciding?.decision === 'reject' ? 'approvals.rejectTitle' : 'approvals.approveTitle', {
          id: deciding?.row.request_id ?? '',
        })}
        description={deciding ? <ApprovalFacts row={deciding.row} decision={deciding.decision} /> : undefined}
        submitLabel={t(deciding?.decision === 'reject' ? 'payments.reject' : 'payments.approve')}
        askReason={deciding?.decision === 'reject'}
        isDanger={deciding?.decision === 'reject'}
        onSubmit={async (values) => {
          if (!deciding) return;
          try {
            await callConsole(
              adminDecideApproval,
              {
                request_id: deciding.row.request_id,
                decision: deciding.decision,
                ...(values.reason ? { reason: values.reason } : {}),
              },
              { idempotencyKey: crypto.randomUUID() },
            );
            toast.success(
              t(deciding.decision === 'reject' ? 'approvals.rejected' : 'approvals.approved', { id: deciding.row.request_id }),
            );
            await queryClient.invalidateQueries({ queryKey: queryKeys.console.all });
          } catch (error) {
            toastConsoleError(error);
            throw error;
          }
        }}
      />
    </div>
  );
}
