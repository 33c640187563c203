import { adminExposure, adminFixtures, type DataOf } from '@app/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormField, Tabs } from '@/components/ui';
import { useConsoleQuery } from '../api/use-console-query';
import { ConsoleTable } from '../components/console-table';
import { FixtureMarkets } from '../components/fixture-markets';
import { dateTime, rupees } from '../model/format';

type FixtureRow = DataOf<typeof adminFixtures>['rows'][number];
type ExposureRow = DataOf<typeof adminExposure>['rows'][number];
const PAGE_SIZE = 50;

function Fixtures({ onOpen }: { onOpen: (matchId: number) => void }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(adminFixtures, { ...(search ? { search } : {}), page, limit: PAGE_SIZE });
  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  }
  return (
    <div className="console-page">
      <form className="console-form console-form--inline" role="search" onSubmit={submit}>
        <FormField label={t('sports.search')} type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
        <Button type="submit">{t('common.search')}</Button>
      </form>
      <ConsoleTable<FixtureRow>
        title={t('sports.fixtures')}
        testId="fixtures-table"
        rows={query.data?.rows}
        isLoading={query.isPending}
        getRowKey={(row) => row.match_id}
        paging={query.data && { ...query.data, onPageChange: setPage }}
        columns={[
          { key: 'id', header: t('sports.matchId'), value: (row) => row.match_id },
          { key: 'series', header: t('sports.series'), value: (row) => row.series_name },
          { key: 'match', header: t('sports.fixture'), value: (row) => row.match_name },
          { key: 'start', header: t('sports.start'), value: (row) => row.start_time, render: (row) => dateTime(row.start_time) },
          {
            key: 'status',
            header: t('common.status'),
            value: (row) => t(`sports.status.${row.status}`, { defaultValue: row.status }),
            render: (row) => (
              <span className={`console-badge${row.status === 'in_play' ? ' console-badge--live' : ''}`}>
                {t(`sports.status.${row.status}`, { defaultValue: row.status })}
              </span>
            ),
          },
          {
            key: 'exposure',
            header: t('sports.openExposure'),
            value: (row) => row.open_exposure,
            render: (row) => rupees(row.open_exposure),
            align: 'end',
          },
          {
            key: 'open',
            header: t('common.actions'),
            isAction: true,
            value: () => '',
            render: (row) => (
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('sports.openLabel', { name: row.match_name })}
                onClick={() => onOpen(row.match_id)}
              >
                {t('sports.open')}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}

function Exposure() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(adminExposure, { page, limit: PAGE_SIZE });
  return (
    <ConsoleTable<ExposureRow>
      title={t('sports.exposureByRunner')}
      rows={query.data?.rows}
      isLoading={query.isPending}
      getRowKey={(row, index) => `${row.market_id}-${row.selection_id ?? index}`}
      paging={query.data && { ...query.data, onPageChange: setPage }}
      columns={[
        { key: 'match', header: t('sports.fixture'), value: (row) => row.match_name },
        { key: 'market', header: t('sports.market'), value: (row) => row.market_name },
        { key: 'runner', header: t('sports.runner'), value: (row) => row.runner },
        {
          key: 'exposure',
          header: t('sports.exposure'),
          value: (row) => row.exposure,
          render: (row) => rupees(row.exposure),
          align: 'end',
        },
      ]}
    />
  );
}

type Tab = 'fixtures' | 'exposure';

/** Fixtures and their markets (suspend, resume, results, void, re-settle), and open exposure per runner. */
export function SportsPage() {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<Tab>('fixtures');
  const [matchId, setMatchId] = useState<number | null>(null);
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.sports')}</h1>
      <Tabs
        label={t('nav.sports')}
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'fixtures', label: t('sports.fixtures') },
          { id: 'exposure', label: t('sports.exposureByRunner') },
        ]}
      >
        {tab === 'fixtures' &&
          (matchId === null ? (
            <Fixtures onOpen={setMatchId} />
          ) : (
            <div className="console-page">
              <div>
                <Button variant="ghost" size="sm" onClick={() => setMatchId(null)}>
                  {t('sports.back')}
                </Button>
              </div>
              <FixtureMarkets matchId={matchId} />
            </div>
          ))}
        {tab === 'exposure' && <Exposure />}
      </Tabs>
    </div>
  );
}
