import { adminPlayerActivity, adminPlayerBets, adminPlayerLedger, adminPlayerRounds, type DataOf } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsoleQuery } from '../api/use-console-query';
import { dateTime, rupees } from '../model/format';
import { ledgerWords } from '../model/ledger-words';
import { ConsoleTable } from './console-table';

const PAGE_SIZE = 50;
type LedgerRow = DataOf<typeof adminPlayerLedger>['rows'][number];
type BetRow = DataOf<typeof adminPlayerBets>['rows'][number];
type RoundRow = DataOf<typeof adminPlayerRounds>['rows'][number];
type ActivityRow = DataOf<typeof adminPlayerActivity>['rows'][number];

export function PlayerLedger({ userName }: { userName: string }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(adminPlayerLedger, { user_name: userName, page, limit: PAGE_SIZE });
  return (
    <ConsoleTable<LedgerRow>
      title={t('player.ledgerOf', { name: userName })}
      testId="player-ledger"
      rows={query.data?.rows}
      isLoading={query.isPending}
      getRowKey={(row) => row.id}
      paging={query.data && { ...query.data, onPageChange: setPage }}
      columns={[
        { key: 'at', header: t('common.time'), value: (row) => row.at, render: (row) => dateTime(row.at) },
        {
          key: 'kind',
          header: t('player.kind'),
          value: (row) => t(ledgerWords(row).kindKey, { ns: 'translation', defaultValue: row.kind }),
        },
        {
          key: 'what',
          header: t('player.what'),
          isProse: true,
          value: (row) => {
            const words = ledgerWords(row);
            return t(words.sentenceKey, { ns: 'translation', amount: rupees(words.amount), defaultValue: row.kind });
          },
        },
        {
          key: 'account',
          header: t('player.account'),
          value: (row) => t(`player.accounts.${row.account}`, { defaultValue: row.account }),
        },
        {
          key: 'amount',
          header: t('player.amount'),
          value: (row) => row.amount,
          render: (row) => rupees(row.amount),
          align: 'end',
        },
        { key: 'description', header: t('player.reference'), value: (row) => row.description },
        { key: 'operator', header: t('player.operator'), value: (row) => row.operator },
      ]}
    />
  );
}

export function PlayerBets({ userName }: { userName: string }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(adminPlayerBets, { user_name: userName, page, limit: PAGE_SIZE });
  return (
    <ConsoleTable<BetRow>
      title={t('player.betsOf', { name: userName })}
      testId="player-bets"
      rows={query.data?.rows}
      isLoading={query.isPending}
      getRowKey={(row) => row.bet_id}
      paging={query.data && { ...query.data, onPageChange: setPage }}
      columns={[
        { key: 'id', header: t('player.betId'), value: (row) => row.bet_id },
        { key: 'at', header: t('common.time'), value: (row) => row.at, render: (row) => dateTime(row.at) },
        { key: 'match', header: t('sports.fixture'), value: (row) => row.match_name },
        { key: 'market', header: t('sports.market'), value: (row) => row.market_name },
        { key: 'selection', header: t('player.selection'), value: (row) => row.selection },
        { key: 'side', header: t('player.side'), value: (row) => t(`player.sides.${row.side}`, { defaultValue: row.side }) },
        { key: 'odds', header: t('player.odds'), value: (row) => row.odds, align: 'end' },
        { key: 'stake', header: t('player.stake'), value: (row) => row.stake, render: (row) => rupees(row.stake), align: 'end' },
        {
          key: 'status',
          header: t('common.status'),
          value: (row) => t(`player.betStatus.${row.status}`, { defaultValue: row.status }),
        },
        {
          key: 'pl',
          header: t('player.profitLoss'),
          value: (row) => row.profit_loss,
          render: (row) => rupees(row.profit_loss),
          align: 'end',
        },
      ]}
    />
  );
}

export function PlayerRounds({ userName }: { userName: string }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(adminPlayerRounds, { user_name: userName, page, limit: PAGE_SIZE });
  return (
    <ConsoleTable<RoundRow>
      title={t('player.roundsOf', { name: userName })}
      rows={query.data?.rows}
      isLoading={query.isPending}
      getRowKey={(row) => row.round_id}
      paging={query.data && { ...query.data, onPageChange: setPage }}
      columns={[
        { key: 'id', header: t('player.roundId'), value: (row) => row.round_id },
        { key: 'at', header: t('common.time'), value: (row) => row.at, render: (row) => dateTime(row.at) },
        { key: 'game', header: t('casino.game'), value: (row) => row.game },
        { key: 'provider', header: t('casino.provider'), value: (row) => row.provider },
        { key: 'stake', header: t('player.stake'), value: (row) => row.stake, render: (row) => rupees(row.stake), align: 'end' },
        {
          key: 'payout',
          header: t('player.payout'),
          value: (row) => row.payout,
          render: (row) => rupees(row.payout),
          align: 'end',
        },
        {
          key: 'status',
          header: t('common.status'),
          value: (row) => t(`player.betStatus.${row.status}`, { defaultValue: row.status }),
        },
      ]}
    />
  );
}

export function PlayerActivity({ userName }: { userName: string }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const query = useConsoleQuery(adminPlayerActivity, { user_name: userName, page, limit: PAGE_SIZE });
  return (
    <ConsoleTable<ActivityRow>
      title={t('player.activityOf', { name: userName })}
      rows={query.data?.rows}
      isLoading={query.isPending}
      getRowKey={(row, index) => `${row.at}-${index}`}
      paging={query.data && { ...query.data, onPageChange: setPage }}
      columns={[
        { key: 'at', header: t('common.time'), value: (row) => row.at, render: (row) => dateTime(row.at) },
        { key: 'action', header: t('player.action'), value: (row) => row.action },
        { key: 'ip', header: t('player.ip'), value: (row) => row.ip },
        { key: 'detail', header: t('player.detail'), value: (row) => row.detail },
      ]}
    />
  );
}
