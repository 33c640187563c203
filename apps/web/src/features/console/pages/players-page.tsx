import { adminPlayers, type DataOf } from '@app/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, FormField } from '@/components/ui';
import { useConsoleQuery } from '../api/use-console-query';
import { ConsoleTable } from '../components/console-table';
import { consolePaths } from '../console-paths';
import { dateTime, rupees } from '../model/format';

type PlayerRow = DataOf<typeof adminPlayers>['rows'][number];
const PAGE_SIZE = 50;

/** Players by part of the user name, mobile or email; each opens the player's page. */
export function PlayersPage() {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const players = useConsoleQuery(adminPlayers, { ...(search ? { search } : {}), page, limit: PAGE_SIZE });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  }

  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.players')}</h1>
      <form className="console-form console-form--inline" role="search" onSubmit={submit}>
        <FormField label={t('players.search')} type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
        <Button type="submit">{t('common.search')}</Button>
      </form>
      <ConsoleTable<PlayerRow>
        title={t('players.table')}
        testId="players-table"
        rows={players.data?.rows}
        isLoading={players.isPending}
        getRowKey={(row) => row.user_name}
        paging={players.data && { ...players.data, onPageChange: setPage }}
        columns={[
          {
            key: 'user',
            header: t('players.userName'),
            value: (row) => row.user_name,
            render: (row) => <Link to={consolePaths.player(row.user_name)}>{row.user_name}</Link>,
          },
          { key: 'mobile', header: t('players.mobile'), value: (row) => row.mobile },
          { key: 'email', header: t('players.email'), value: (row) => row.email },
          { key: 'status', header: t('common.status'), value: (row) => t(`players.status.${row.status}`) },
          { key: 'demo', header: t('players.demo'), value: (row) => (row.is_demo ? t('common.yes') : t('common.no')) },
          { key: 'cash', header: t('players.cash'), value: (row) => row.cash, render: (row) => rupees(row.cash), align: 'end' },
          {
            key: 'created',
            header: t('players.createdAt'),
            value: (row) => row.created_at,
            render: (row) => dateTime(row.created_at),
          },
          {
            key: 'login',
            header: t('players.lastLogin'),
            value: (row) => row.last_login_at,
            render: (row) => dateTime(row.last_login_at),
          },
        ]}
      />
    </div>
  );
}
