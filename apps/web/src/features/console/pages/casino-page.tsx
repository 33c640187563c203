import { adminCasinoGames, adminCasinoProviders, adminSetGame, adminSetProvider, type DataOf } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormField, Tabs, toast } from '@/components/ui';
import { useConsoleQuery } from '../api/use-console-query';
import { ConsoleTable } from '../components/console-table';
import { callConsole, toastConsoleError } from '../lib/console-api';
import { useMay } from '../lib/use-may';
import { percent, rupees } from '../model/format';
import { queryKeys } from '@/lib/query-keys';

type ProviderRow = DataOf<typeof adminCasinoProviders>['rows'][number];
type GameRow = DataOf<typeof adminCasinoGames>['rows'][number];
const PAGE_SIZE = 50;
/** How far the actual RTP may stray from the stated one before the console marks it. */
const RTP_WARN_POINTS = 5;

/** A number field for a sort order that saves on Enter or when it loses focus, if changed. */
function OrderInput({
  value,
  label,
  onSave,
  disabled,
}: {
  value: number;
  label: string;
  onSave: (order: number) => void;
  disabled: boolean;
}) {
  const [draft, setDraft] = useState(String(value));
  const save = () => {
    const order = Number(draft);
    if (Number.isInteger(order) && order >= 0 && order !== value) onSave(order);
    else setDraft(String(value));
  };
  return (
    <input
      className="ui-input console-order"
      type="number"
      min={0}
      aria-label={label}
      value={draft}
      disabled={disabled}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
      }}
    />
  );
}

function useSave() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return async (action: () => Promise<unknown>) => {
    try {
      await action();
      toast.success(t('common.done'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.console.all });
    } catch (error) {
      toastConsoleError(error);
    }
  };
}

function Providers() {
  const { t } = useTranslation('admin');
  const canManage = useMay('casino.manage');
  const save = useSave();
  const query = useConsoleQuery(adminCasinoProviders, {});
  return (
    <ConsoleTable<ProviderRow>
      title={t('casino.providers')}
      rows={query.data?.rows}
      isLoading={query.isPending}
      getRowKey={(row) => row.provider_id}
      columns={[
        { key: 'code', header: t('casino.code'), value: (row) => row.code },
        { key: 'name', header: t('casino.provider'), value: (row) => row.name },
        {
          key: 'active',
          header: t('casino.enabled'),
          value: (row) => (row.is_active ? t('common.yes') : t('common.no')),
          render: (row) => (
            <input
              type="checkbox"
              aria-label={t('casino.enableLabel', { name: row.name })}
              checked={row.is_active}
              disabled={!canManage}
              onChange={(event) =>
                void save(() => callConsole(adminSetProvider, { provider_id: row.provider_id, is_active: event.target.checked }))
              }
            />
          ),
        },
        {
          key: 'order',
          header: t('casino.order'),
          value: (row) => row.sort_order,
          render: (row) => (
            <OrderInput
              key={row.sort_order}
              value={row.sort_order}
              label={t('casino.orderLabel', { name: row.name })}
              disabled={!canManage}
              onSave={(order) =>
                void save(() => callConsole(adminSetProvider, { provider_id: row.provider_id, sort_order: order }))
              }
            />
          ),
        },
      ]}
    />
  );
}

function Games() {
  const { t } = useTranslation('admin');
  const canManage = useMay('casino.manage');
  const save = useSave();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(adminCasinoGames, { ...(search ? { search } : {}), page, limit: PAGE_SIZE });
  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  }
  const set = (row: GameRow, change: { is_active?: boolean; is_popular?: boolean; sort_order?: number }) =>
    void save(() => callConsole(adminSetGame, { game_id: row.game_id, ...change }));
  return (
    <div className="console-page">
      <form className="console-form console-form--inline" role="search" onSubmit={submit}>
        <FormField label={t('casino.search')} type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
        <Button type="submit">{t('common.search')}</Button>
      </form>
      <ConsoleTable<GameRow>
        title={t('casino.games')}
        rows={query.data?.rows}
        isLoading={query.isPending}
        getRowKey={(row) => row.game_id}
        paging={query.data && { ...query.data, onPageChange: setPage }}
        columns={[
          { key: 'name', header: t('casino.game'), value: (row) => row.name },
          { key: 'provider', header: t('casino.provider'), value: (row) => row.provider },
          { key: 'category', header: t('casino.category'), value: (row) => row.category },
          {
            key: 'active',
            header: t('casino.enabled'),
            value: (row) => (row.is_active ? t('common.yes') : t('common.no')),
            render: (row) => (
              <input
                type="checkbox"
                aria-label={t('casino.enableLabel', { name: row.name })}
                checked={row.is_active}
                disabled={!canManage}
                onChange={(event) => set(row, { is_active: event.target.checked })}
              />
            ),
          },
          {
            key: 'popular',
            header: t('casino.popular'),
            value: (row) => (row.is_popular ? t('common.yes') : t('common.no')),
            render: (row) => (
              <input
                type="checkbox"
                aria-label={t('casino.popularLabel', { name: row.name })}
                checked={row.is_popular}
                disabled={!canManage}
                onChange={(event) => set(row, { is_popular: event.target.checked })}
              />
            ),
          },
          {
            key: 'order',
            header: t('casino.order'),
            value: (row) => row.sort_order,
            render: (row) => (
              <OrderInput
                key={row.sort_order}
                value={row.sort_order}
                label={t('casino.orderLabel', { name: row.name })}
                disabled={!canManage}
                onSave={(order) => set(row, { sort_order: order })}
              />
            ),
          },
          {
            key: 'stated',
            header: t('casino.statedRtp'),
            value: (row) => row.stated_rtp,
            render: (row) => percent(row.stated_rtp),
            align: 'end',
          },
          {
            key: 'actual',
            header: t('casino.actualRtp'),
            value: (row) => row.actual_rtp,
            render: (row) => {
              const isOff =
                row.actual_rtp !== null && row.stated_rtp !== null && Math.abs(row.actual_rtp - row.stated_rtp) > RTP_WARN_POINTS;
              return <span className={isOff ? 'console-badge console-badge--warn' : undefined}>{percent(row.actual_rtp)}</span>;
            },
            align: 'end',
          },
          { key: 'rounds', header: t('casino.rounds'), value: (row) => row.rounds, align: 'end' },
          {
            key: 'stakes',
            header: t('casino.stakes'),
            value: (row) => row.stakes,
            render: (row) => rupees(row.stakes),
            align: 'end',
          },
          {
            key: 'payouts',
            header: t('casino.payouts'),
            value: (row) => row.payouts,
            render: (row) => rupees(row.payouts),
            align: 'end',
          },
        ]}
      />
    </div>
  );
}

type Tab = 'games' | 'providers';

/** Providers and games: enable, order, mark popular; each game's actual RTP against the stated one. */
export function CasinoPage() {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<Tab>('games');
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.casino')}</h1>
      <Tabs
        label={t('nav.casino')}
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'games', label: t('casino.games') },
          { id: 'providers', label: t('casino.providers') },
        ]}
      >
        {tab === 'games' ? <Games /> : <Providers />}
      </Tabs>
    </div>
  );
}
