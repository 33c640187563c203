import { type ActivityLogRow, latinDigitsLocale } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable, type DateRange, ReportPage, useRangeAndPage } from '@/components/ui';
import { useActivityLog } from '../api/activity-log';
import { describeDevice } from '../model/describe-device';
import '../account.css';

/** The player's local dates as instants: from the start of `from` to the end of `to`. */
function toInstants(range: DateRange): { from: number; to: number } {
  const from = new Date(`${range.from}T00:00:00`);
  const to = new Date(`${range.to}T00:00:00`);
  to.setDate(to.getDate() + 1);
  return { from: from.getTime(), to: to.getTime() };
}

/** /report/activity-log: logins, failed logins, logouts and password events, newest first. */
export function ActivityLogPage() {
  const { t, i18n } = useTranslation();
  const paging = useRangeAndPage();
  const log = useActivityLog({ ...toInstants(paging.range), page: paging.page });
  const dateFormat = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'medium' });

  const columns: DataColumn<ActivityLogRow>[] = [
    { key: 'time', header: t('account.activity.time'), render: (row) => dateFormat.format(new Date(row.created_at)) },
    {
      key: 'event',
      header: t('account.activity.event'),
      render: (row) => (
        <span className={`account-event account-event--${row.event.endsWith('failed') ? 'bad' : 'ok'}`}>
          {t(`account.activity.events.${row.event}`)}
        </span>
      ),
    },
    { key: 'ip', header: t('account.activity.address'), render: (row) => <span className="account-mono">{row.ip}</span> },
    {
      key: 'device',
      header: t('account.activity.device'),
      render: (row) => <span title={row.device}>{describeDevice(row.device) || row.device || '—'}</span>,
    },
  ];

  return (
    <ReportPage
      title={t('account.activity.title')}
      subtitle={t('account.activity.subtitle')}
      paging={paging}
      isFetching={log.isFetching}
      error={log.error}
      onRetry={() => void log.refetch()}
      total={log.data?.total ?? 0}
      pageSize={log.data?.page_size ?? 20}
    >
      <DataTable
        caption={t('account.activity.title')}
        columns={columns}
        rows={log.data?.rows}
        getRowKey={(row) => row.id}
        isLoading={log.isPending}
        emptyMessage={t('account.activity.empty')}
      />
    </ReportPage>
  );
}
