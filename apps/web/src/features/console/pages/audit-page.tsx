import { adminAuditLog, type AuditRow } from '@app/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormField } from '@/components/ui';
import { useConsoleQuery } from '../api/use-console-query';
import { ConsoleTable } from '../components/console-table';
import { AUDIT_ACTS, auditChanges, auditSentence } from '../model/audit-words';
import { dateTime } from '../model/format';

const PAGE_SIZE = 100;
interface Filters {
  from_date: string;
  to_date: string;
  operator: string;
  player: string;
  action: string;
  target: string;
}
const EMPTY: Filters = { from_date: '', to_date: '', operator: '', player: '', action: '', target: '' };

/** A before or after as short `field: value` lines, amounts in ₹. */
function Changes({ json }: { json: string | null }) {
  const lines = auditChanges(json);
  if (lines.length === 0) return <>—</>;
  return (
    <ul className="console-audit__changes">
      {lines.map((line) => (
        <li key={line.field}>
          {line.field}: <strong>{line.value}</strong>
        </li>
      ))}
    </ul>
  );
}

/** The filters that are set, as the request wants them (empty ones left out). */
function requestOf(filters: Filters) {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== '')) as Partial<Filters>;
}

/**
 * Every operator act, in the console or the CLI, as a sentence: who did what to whom, with its
 * amounts in ₹, and the values before and after. Filtered by operator, player and act.
 */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(adminAuditLog, { ...requestOf(filters), page, limit: PAGE_SIZE });
  const field = (key: keyof Filters, type = 'text') => (
    <FormField
      label={t(`audit.filters.${key}`)}
      type={type}
      value={draft[key]}
      onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.value }))}
    />
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  }
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.audit')}</h1>
      <form className="console-form console-form--inline" onSubmit={submit} aria-label={t('audit.filtersLabel')}>
        {field('from_date', 'date')}
        {field('to_date', 'date')}
        {field('operator')}
        {field('player')}
        <FormField label={t('audit.filters.action')}>
          {(control) => (
            <select
              {...control}
              className="console-select"
              value={draft.action}
              onChange={(event) => setDraft((current) => ({ ...current, action: event.target.value }))}
            >
              <option value="">{t('common.all')}</option>
              {AUDIT_ACTS.map((act) => (
                <option key={act} value={act}>
                  {t(`audit.acts.${act}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {field('target')}
        <Button type="submit">{t('common.apply')}</Button>
        <Button
          variant="ghost"
          onClick={() => {
            setDraft(EMPTY);
            setFilters(EMPTY);
            setPage(1);
          }}
        >
          {t('audit.clear')}
        </Button>
      </form>
      <ConsoleTable<AuditRow>
        title={t('audit.table')}
        testId="audit-table"
        rows={query.data?.rows}
        isLoading={query.isPending}
        getRowKey={(row) => row.id}
        paging={query.data && { ...query.data, onPageChange: setPage }}
        columns={[
          { key: 'id', header: '#', value: (row) => row.id },
          { key: 'at', header: t('common.time'), value: (row) => row.at, render: (row) => dateTime(row.at) },
          {
            key: 'what',
            header: t('audit.what'),
            isProse: true,
            value: (row) => {
              const sentence = auditSentence(row);
              return t(`audit.says.${sentence.key}`, sentence.values);
            },
            render: (row) => {
              const sentence = auditSentence(row);
              return <span className="console-audit__sentence">{t(`audit.says.${sentence.key}`, sentence.values)}</span>;
            },
          },
          { key: 'operator', header: t('player.operator'), value: (row) => row.operator },
          { key: 'action', header: t('player.action'), value: (row) => row.action },
          {
            key: 'before',
            header: t('audit.before'),
            isProse: true,
            value: (row) => row.before,
            render: (row) => <Changes json={row.before} />,
          },
          {
            key: 'after',
            header: t('audit.after'),
            isProse: true,
            value: (row) => row.after,
            render: (row) => <Changes json={row.after} />,
          },
          { key: 'ip', header: t('audit.from'), value: (row) => row.ip },
        ]}
      />
    </div>
  );
}
