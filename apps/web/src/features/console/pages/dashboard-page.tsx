import { ADMIN_PRODUCTS, adminDashboard, type DataOf, formatNumber } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Button, Loading } from '@/components/ui';
import { useConsoleQuery } from '../api/use-console-query';
import { BarList, ColumnChart } from '../components/charts';
import { FeedPanel } from '../components/feed-panel';
import { ConsoleTable } from '../components/console-table';
import { rupees } from '../model/format';

type Dashboard = DataOf<typeof adminDashboard>;
type Totals = Dashboard['today'];
type Exposure = Dashboard['exposure'][number];

/** The dashboard refreshes itself this often. */
const DASHBOARD_REFRESH_MS = 30_000;

const sum = (byProduct: Totals['turnover']) => ADMIN_PRODUCTS.reduce((total, product) => total + byProduct[product], 0);

function Stats({ totals, online }: { totals: Totals; online?: number }) {
  const { t } = useTranslation('admin');
  const items: [string, string][] = [
    ...(online === undefined ? [] : ([[t('dashboard.online'), formatNumber(online)]] as [string, string][])),
    [t('dashboard.signups'), formatNumber(totals.signups)],
    [t('dashboard.deposits'), rupees(totals.deposits)],
    [t('dashboard.withdrawals'), rupees(totals.withdrawals)],
    [t('dashboard.turnover'), rupees(sum(totals.turnover))],
    [t('dashboard.ggr'), rupees(sum(totals.ggr))],
  ];
  return (
    <dl className="console-stats">
      {items.map(([label, value]) => (
        <div key={label} className="console-stat">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ByProduct({ title, values }: { title: string; values: Totals['turnover'] }) {
  const { t } = useTranslation('admin');
  return (
    <BarList
      title={title}
      points={ADMIN_PRODUCTS.map((product) => ({ label: t(`products.${product}`), value: values[product] }))}
      format={rupees}
    />
  );
}

/** Players online, sign-ups, money in and out, turnover and GGR today and over 30 days by product, open exposure, the odds feed's stream. */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  const dashboard = useConsoleQuery(adminDashboard, {}, { refetchMs: DASHBOARD_REFRESH_MS });
  const data = dashboard.data;
  const dayLabel = (day: string) => day.slice(5);
  return (
    <div className="console-page">
      <div className="console-table__bar">
        <h1 className="console-page__title">{t('nav.dashboard')}</h1>
        <Button variant="secondary" size="sm" isLoading={dashboard.isFetching} onClick={() => void dashboard.refetch()}>
          {t('common.refresh')}
        </Button>
      </div>
      <FeedPanel />
      {!data ? (
        <Loading label={t('common.loading')} />
      ) : (
        <>
          <section className="console-panel" aria-labelledby="dashboard-today">
            <h2 id="dashboard-today">{t('dashboard.today')}</h2>
            <Stats totals={data.today} online={data.players_online} />
          </section>
          <section className="console-panel" aria-labelledby="dashboard-30">
            <h2 id="dashboard-30">{t('dashboard.days30')}</h2>
            <Stats totals={data.days_30} />
          </section>
          <div className="console-grid">
            <section className="console-panel">
              <ByProduct title={t('dashboard.turnoverTodayByProduct')} values={data.today.turnover} />
            </section>
            <section className="console-panel">
              <ByProduct title={t('dashboard.ggrTodayByProduct')} values={data.today.ggr} />
            </section>
            <section className="console-panel">
              <ByProduct title={t('dashboard.turnover30ByProduct')} values={data.days_30.turnover} />
            </section>
            <section className="console-panel">
              <ByProduct title={t('dashboard.ggr30ByProduct')} values={data.days_30.ggr} />
            </section>
          </div>
          <div className="console-grid">
            <section className="console-panel">
              <ColumnChart
                title={t('dashboard.turnoverByDay')}
                points={data.series.map((point) => ({ label: dayLabel(point.day), value: point.turnover }))}
                format={rupees}
              />
            </section>
            <section className="console-panel">
              <ColumnChart
                title={t('dashboard.ggrByDay')}
                points={data.series.map((point) => ({ label: dayLabel(point.day), value: point.ggr }))}
                format={rupees}
              />
            </section>
            <section className="console-panel">
              <ColumnChart
                title={t('dashboard.depositsByDay')}
                points={data.series.map((point) => ({ label: dayLabel(point.day), value: point.deposits }))}
                format={rupees}
              />
            </section>
            <section className="console-panel">
              <ColumnChart
                title={t('dashboard.signupsByDay')}
                points={data.series.map((point) => ({ label: dayLabel(point.day), value: point.signups }))}
                format={formatNumber}
              />
            </section>
          </div>
          <section className="console-panel">
            <BarList
              title={t('dashboard.exposureChart')}
              points={data.exposure
                .slice(0, 8)
                .map((row) => ({ label: `${row.match_name} · ${row.market_name}`, value: row.exposure }))}
              format={rupees}
            />
          </section>
          <ConsoleTable<Exposure>
            title={t('dashboard.exposureTable')}
            rows={data.exposure}
            getRowKey={(row) => row.market_id}
            columns={[
              { key: 'match', header: t('sports.fixture'), value: (row) => row.match_name },
              { key: 'market', header: t('sports.market'), value: (row) => row.market_name },
              {
                key: 'product',
                header: t('sports.product'),
                value: (row) => t(`products.${row.product}`, { defaultValue: row.product }),
              },
              {
                key: 'exposure',
                header: t('sports.exposure'),
                value: (row) => row.exposure,
                render: (row) => rupees(row.exposure),
                align: 'end',
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
