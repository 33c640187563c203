import {
  adminDeclareResult,
  adminFancyResult,
  adminFixtureMarkets,
  adminResettle,
  adminResume,
  adminSuspend,
  adminVoid,
  type DataOf,
} from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Loading, toast } from '@/components/ui';
import { useConsoleQuery } from '../api/use-console-query';
import { callConsole, toastConsoleError } from '../lib/console-api';
import { useMay } from '../lib/use-may';
import { rupees } from '../model/format';
import { ActionDialog } from './action-dialog';
import { ConsoleTable } from './console-table';
import { SettlementPreview } from './settlement-preview';
import { WinnerDialog } from './winner-dialog';
import { queryKeys } from '@/lib/query-keys';

type Fixture = DataOf<typeof adminFixtureMarkets>;
type Market = Fixture['markets'][number];
type Runner = Market['runners'][number];
type Fancy = Fixture['fancy'][number];
type Pending =
  | { kind: 'declare' | 'resettle'; market: Market }
  | { kind: 'voidMarket'; market: Market }
  | { kind: 'fancyResult' | 'fancyResettle' | 'voidFancy'; fancy: Fancy }
  | null;

const FINISHED = ['settled', 'voided'];
const FANCY_REFRESH_MS = 5_000;

/** A fixture's markets and fancy lines: state, exposure per runner, and the trader's acts on them. */
export function FixtureMarkets({ matchId }: { matchId: number }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const canManage = useMay('sports.manage');
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const fixture = useConsoleQuery(adminFixtureMarkets, { match_id: matchId }, { refetchMs: FANCY_REFRESH_MS });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.console.all });

  async function act(key: string, action: () => Promise<string>) {
    setBusy(key);
    try {
      toast.success(await action());
      await refresh();
    } catch (error) {
      toastConsoleError(error);
      throw error;
    } finally {
      setBusy(null);
    }
  }

  /** What happened, in the act's own words: a void does not say "settled". */
  const settled = (answer: { result: 'settled' | 'already'; bets: number }, act: 'result' | 'void' | 'resettle' = 'result') =>
    answer.result === 'already'
      ? t('sports.already')
      : t(act === 'void' ? 'sports.voidedDone' : act === 'resettle' ? 'sports.resettledDone' : 'sports.settled', {
          count: answer.bets,
        });
  const previewTarget = (of: NonNullable<Pending>) =>
    'market' in of ? { market_id: of.market.market_id } : { fancy_id: of.fancy.fancy_id };

  async function toggleSuspend(target: { market_id: string } | { fancy_id: number }, isSuspended: boolean, key: string) {
    await act(key, async () => {
      await callConsole(isSuspended ? adminResume : adminSuspend, target);
      return isSuspended ? t('sports.resumed') : t('sports.suspended');
    }).catch(() => undefined);
  }

  if (!fixture.data) return <Loading label={t('common.loading')} />;
  const data = fixture.data;

  return (
    <div className="console-page" data-testid="fixture-markets">
      <h2 className="console-page__title">{data.match_name}</h2>
      {data.markets.map((market) => {
        const isFinished = FINISHED.includes(market.status);
        return (
          <section key={market.market_id} className="console-panel console-market" aria-label={market.market_name}>
            <div className="console-market__head">
              <h3>
                {market.market_name}{' '}
                <span className="console-badge">{t(`products.${market.product}`, { defaultValue: market.product })}</span>{' '}
                <span className={`console-badge${market.status === 'open' ? ' console-badge--good' : ' console-badge--warn'}`}>
                  {t(`sports.status.${market.status}`, { defaultValue: market.status })}
                </span>
              </h3>
              <span>
                {t('sports.exposure')}: {rupees(market.exposure)}
              </span>
            </div>
            {canManage && (
              <div className="console-actions">
                {!isFinished && (
                  <Button
                    size="sm"
                    variant="secondary"
                    isLoading={busy === market.market_id}
                    onClick={() =>
                      void toggleSuspend({ market_id: market.market_id }, market.is_operator_suspended, market.market_id)
                    }
                  >
                    {market.is_operator_suspended ? t('sports.resume') : t('sports.suspend')}
                  </Button>
                )}
                {!isFinished && (
                  <Button size="sm" onClick={() => setPending({ kind: 'declare', market })}>
                    {t('sports.declare')}
                  </Button>
                )}
                {market.status === 'settled' && (
                  <Button size="sm" variant="secondary" onClick={() => setPending({ kind: 'resettle', market })}>
                    {t('sports.resettle')}
                  </Button>
                )}
                {market.status !== 'voided' && (
                  <Button size="sm" variant="danger" onClick={() => setPending({ kind: 'voidMarket', market })}>
                    {t('sports.void')}
                  </Button>
                )}
              </div>
            )}
            <ConsoleTable<Runner>
              title={t('sports.runnersOf', { market: `${data.match_name} · ${market.market_name}` })}
              rows={market.runners}
              getRowKey={(row) => row.selection_id}
              columns={[
                { key: 'runner', header: t('sports.runner'), value: (row) => row.name },
                {
                  key: 'exposure',
                  header: t('sports.exposure'),
                  value: (row) => row.exposure,
                  render: (row) => rupees(row.exposure),
                  align: 'end',
                },
                {
                  key: 'result',
                  header: t('sports.result'),
                  value: (row) => (row.result === null ? null : t(`sports.results.${row.result}`, { defaultValue: row.result })),
                },
              ]}
            />
          </section>
        );
      })}
      {data.fancy.length > 0 && (
        <ConsoleTable<Fancy>
          title={t('sports.fancyOf', { name: data.match_name })}
          rows={data.fancy}
          getRowKey={(row) => row.fancy_id}
          columns={[
            { key: 'name', header: t('sports.fancyLine'), value: (row) => row.name },
            {
              key: 'status',
              header: t('common.status'),
              value: (row) => t(`sports.status.${row.status}`, { defaultValue: row.status }),
            },
            {
              key: 'exposure',
              header: t('sports.exposure'),
              value: (row) => row.exposure,
              render: (row) => rupees(row.exposure),
              align: 'end',
            },
            { key: 'run', header: t('sports.resultRun'), value: (row) => row.result_run },
            ...(canManage
              ? [
                  {
                    key: 'actions',
                    header: t('common.actions'),
                    isAction: true,
                    value: () => '',
                    render: (row: Fancy) => {
                      const isFinished = FINISHED.includes(row.status);
                      const key = `fancy-${row.fancy_id}`;
                      return (
                        <div className="console-actions">
                          {!isFinished && (
                            <Button
                              size="sm"
                              variant="secondary"
                              isLoading={busy === key}
                              onClick={() => void toggleSuspend({ fancy_id: row.fancy_id }, row.is_operator_suspended, key)}
                            >
                              {row.is_operator_suspended ? t('sports.resume') : t('sports.suspend')}
                            </Button>
                          )}
                          {!isFinished && (
                            <Button size="sm" onClick={() => setPending({ kind: 'fancyResult', fancy: row })}>
                              {t('sports.fancyResult')}
                            </Button>
                          )}
                          {row.status === 'settled' && (
                            <Button
                              size="sm"
                              variant="secondary"
                              onClick={() => setPending({ kind: 'fancyResettle', fancy: row })}
                            >
                              {t('sports.resettle')}
                            </Button>
                          )}
                          {row.status !== 'voided' && (
                            <Button size="sm" variant="danger" onClick={() => setPending({ kind: 'voidFancy', fancy: row })}>
                              {t('sports.void')}
                            </Button>
                          )}
                        </div>
                      );
                    },
                  },
                ]
              : []),
          ]}
        />
      )}

      <WinnerDialog
        isOpen={pending?.kind === 'declare' || pending?.kind === 'resettle'}
        onClose={() => setPending(null)}
        title={
          pending && 'market' in pending
            ? t(pending.kind === 'resettle' ? 'sports.resettleTitle' : 'sports.declareTitle', {
                market: pending.market.market_name,
              })
            : ''
        }
        runners={pending && 'market' in pending ? pending.market.runners : []}
        winners={pending && 'market' in pending ? pending.market.number_of_winners : 1}
        askReason={pending?.kind === 'resettle'}
        description={
          pending?.kind === 'resettle' ? <SettlementPreview target={previewTarget(pending)} act="resettle" /> : undefined
        }
        submitLabel={pending?.kind === 'resettle' ? t('sports.resettle') : t('sports.declare')}
        onSubmit={(ids, reason) =>
          pending && 'market' in pending
            ? act('declare', async () =>
                settled(
                  (
                    await callConsole(
                      pending.kind === 'resettle' ? adminResettle : adminDeclareResult,
                      {
                        market_id: pending.market.market_id,
                        winner_selection_ids: ids,
                        ...(pending.kind === 'resettle' && reason ? { reason } : {}),
                      },
                      { idempotencyKey: crypto.randomUUID() },
                    )
                  ).data,
                  pending.kind === 'resettle' ? 'resettle' : 'result',
                ),
              )
            : Promise.resolve()
        }
      />
      <ActionDialog
        isOpen={pending?.kind === 'voidMarket' || pending?.kind === 'voidFancy'}
        onClose={() => setPending(null)}
        title={t('sports.voidTitle', {
          name:
            pending && 'market' in pending ? pending.market.market_name : pending && 'fancy' in pending ? pending.fancy.name : '',
        })}
        description={
          pending?.kind === 'voidMarket' || pending?.kind === 'voidFancy' ? (
            <>
              <p className="console-page__lead">{t('sports.voidText')}</p>
              <SettlementPreview target={previewTarget(pending)} act="void" />
            </>
          ) : undefined
        }
        submitLabel={t('sports.void')}
        isDanger
        onSubmit={(values) =>
          act('void', async () => {
            if (!pending) return '';
            const target = 'market' in pending ? { market_id: pending.market.market_id } : { fancy_id: pending.fancy.fancy_id };
            return settled(
              (await callConsole(adminVoid, { ...target, reason: values.reason }, { idempotencyKey: crypto.randomUUID() })).data,
              'void',
            );
          })
        }
      />
      <ActionDialog
        isOpen={pending?.kind === 'fancyResult' || pending?.kind === 'fancyResettle'}
        onClose={() => setPending(null)}
        title={t('sports.fancyResultTitle', { name: pending && 'fancy' in pending ? pending.fancy.name : '' })}
        submitLabel={pending?.kind === 'fancyResettle' ? t('sports.resettle') : t('sports.fancyResult')}
        askReason={pending?.kind === 'fancyResettle'}
        description={
          pending?.kind === 'fancyResettle' ? <SettlementPreview target={previewTarget(pending)} act="resettle" /> : undefined
        }
        extraLabel={t('sports.resultRun')}
        onSubmit={(values) =>
          act('fancy', async () => {
            if (!pending || !('fancy' in pending)) return '';
            const run = Number(values.extra);
            if (!Number.isInteger(run) || run < 0) throw new Error(t('sports.runInvalid'));
            const answer =
              pending.kind === 'fancyResettle'
                ? await callConsole(
                    adminResettle,
                    { fancy_id: pending.fancy.fancy_id, run, reason: values.reason },
                    { idempotencyKey: crypto.randomUUID() },
                  )
                : await callConsole(
                    adminFancyResult,
                    { fancy_id: pending.fancy.fancy_id, run },
                    { idempotencyKey: crypto.randomUUID() },
                  );
            return settled(answer.data, pending.kind === 'fancyResettle' ? 'resettle' : 'result');
          })
        }
      />
    </div>
  );
}
