import {
  adminForcePasswordChange,
  adminGrantBonus,
  adminPlayer,
  adminPlayerIdentity,
  adminSetPlayerStatus,
  adminWalletAdjust,
} from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, Loading, Tabs, toast } from '@/components/ui';
import { useConsoleQuery } from '../api/use-console-query';
import { ActionDialog, type ActionValues, MoneyFacts } from '../components/action-dialog';
import { IdentityDecision } from '../components/identity-decision';
import { PlayerActivity, PlayerBets, PlayerLedger, PlayerRounds } from '../components/player-tables';
import { RgPanel } from '../components/rg-panel';
import { consolePaths } from '../console-paths';
import { callConsole, callConsoleFourEyes, toastConsoleError } from '../lib/console-api';
import { useMay } from '../lib/use-may';
import { dateTime, rupees } from '../model/format';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Tab = 'profile' | 'ledger' | 'bets' | 'rounds' | 'activity' | 'identity' | 'limits';
const TABS: readonly Tab[] = ['profile', 'ledger', 'bets', 'rounds', 'activity', 'identity', 'limits'];
type Dialog = 'credit' | 'debit' | 'bonus' | 'disable' | 'enable' | 'password' | null;

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

function Identity({ userName }: { userName: string }) {
  const { t } = useTranslation('admin');
  const identity = useConsoleQuery(adminPlayerIdentity, { user_name: userName });
  if (!identity.data) return <Loading label={t('common.loading')} />;
  const data = identity.data;
  return (
    <div className="console-page">
      <dl className="console-kv">
        <dt>{t('common.status')}</dt>
        <dd>{t(`kyc.status.${data.status}`, { defaultValue: data.status })}</dd>
        <dt>{t('kyc.legalName')}</dt>
        <dd>{data.legal_name ?? t('common.none')}</dd>
        <dt>{t('kyc.dateOfBirth')}</dt>
        <dd>{data.date_of_birth ?? t('common.none')}</dd>
        <dt>{t('kyc.submittedAt')}</dt>
        <dd>{dateTime(data.submitted_at)}</dd>
        <dt>{t('common.reason')}</dt>
        <dd>{data.reason ?? t('common.none')}</dd>
      </dl>
      {data.status !== 'none' && <IdentityDecision userName={userName} status={data.status} />}
    </div>
  );
}

/** One player: profile and balance, the acts an operator may take, and every table about them. */
export function PlayerPage() {
  const { t } = useTranslation('admin');
  const userName = useParams().userName ?? '';
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('profile');
  const [dialog, setDialog] = useState<Dialog>(null);
  // One key per opened money dialog: a retried call applies once.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const player = useConsoleQuery(adminPlayer, { user_name: userName });
  const canManage = useMay('players.manage');
  const canAdjust = useMay('money.adjust');
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.console.all });

  function open(next: Dialog) {
    setIdempotencyKey(newIdempotencyKey());
    setDialog(next);
  }

  async function run(action: () => Promise<unknown>) {
    try {
      await action();
      await refresh();
    } catch (error) {
      // A refusal (4xx) is final for this body: the corrected request needs a key of its own, or
      // the server would answer 409 for the same key with another body. After a network error or a
      // 5xx the outcome is unknown, so a retry keeps the key and applies at most once.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) setIdempotencyKey(newIdempotencyKey());
      toastConsoleError(error);
      throw error;
    }
  }

  const adjust = (direction: 'credit' | 'debit') => (values: ActionValues) =>
    run(async () => {
      const result = await callConsoleFourEyes(
        adminWalletAdjust,
        { user_name: userName, direction, amount: values.amount, reason: values.reason },
        { idempotencyKey },
      );
      if (result.isAwaiting) toast.info(t('common.awaitingApproval', { id: result.awaiting.request_id }));
      else
        toast.success(t(`player.${direction}Done`, { amount: rupees(values.amount), balance: rupees(result.data.balance.cash) }));
    });

  /** Credit or debit: the player, the amount and the cash before and after. */
  const adjustFacts = (direction: 'credit' | 'debit') => (values: ActionValues) => {
    const cash = player.data?.balance.cash ?? 0;
    const after = direction === 'credit' ? cash + values.amount : cash - values.amount;
    return (
      <MoneyFacts
        facts={[
          { label: t('common.player'), value: userName },
          { label: t('player.amount'), value: rupees(values.amount) },
          { label: t('common.reason'), value: values.reason },
        ]}
        effect={t(`player.${direction}Effect`, {
          name: userName,
          amount: rupees(values.amount),
          before: rupees(cash),
          after: rupees(after),
        })}
      />
    );
  };

  const bonusFacts = (values: ActionValues) => {
    const field = values.extra === 'split' ? 'split_bonus' : 'wager_bonus';
    const before = player.data?.balance[field] ?? 0;
    return (
      <MoneyFacts
        facts={[
          { label: t('common.player'), value: userName },
          { label: t('player.amount'), value: rupees(values.amount) },
          { label: t('player.bonusWallet'), value: t(values.extra === 'split' ? 'player.splitBonus' : 'player.wagerBonus') },
          { label: t('common.reason'), value: values.reason },
        ]}
        effect={t('player.bonusEffect', {
          name: userName,
          amount: rupees(values.amount),
          wallet: t(values.extra === 'split' ? 'player.splitBonus' : 'player.wagerBonus'),
          before: rupees(before),
          after: rupees(before + values.amount),
        })}
      />
    );
  };

  if (player.isPending) return <Loading label={t('common.loading')} />;
  if (!player.data) {
    return (
      <div className="console-page">
        <p className="console-alert">{player.error?.message}</p>
        <Link to={consolePaths.players}>{t('player.back')}</Link>
      </div>
    );
  }
  const data = player.data;
  const isDisabled = data.status === 'disabled';

  return (
    <div className="console-page">
      <Link to={consolePaths.players}>{t('player.back')}</Link>
      <h1 className="console-page__title">{data.user_name}</h1>
      <Tabs
        label={t('player.sections')}
        value={tab}
        onChange={setTab}
        tabs={TABS.map((id) => ({ id, label: t(`player.tabs.${id}`) }))}
      >
        {tab === 'profile' && (
          <div className="console-page">
            <div className="console-grid">
              <section className="console-panel" aria-labelledby="player-profile">
                <h2 id="player-profile">{t('player.tabs.profile')}</h2>
                <dl className="console-kv" data-testid="player-profile">
                  <dt>{t('common.status')}</dt>
                  <dd>
                    <span className={`console-badge ${isDisabled ? 'console-badge--bad' : 'console-badge--good'}`}>
                      {t(`players.status.${data.status}`)}
                    </span>
                  </dd>
                  <dt>{t('players.mobile')}</dt>
                  <dd>{data.mobile ?? t('common.none')}</dd>
                  <dt>{t('players.email')}</dt>
                  <dd>{data.email ?? t('common.none')}</dd>
                  <dt>{t('players.demo')}</dt>
                  <dd>{data.is_demo ? t('common.yes') : t('common.no')}</dd>
                  <dt>{t('player.mustChangePassword')}</dt>
                  <dd>{data.must_change_password ? t('common.yes') : t('common.no')}</dd>
                  <dt>{t('player.identity')}</dt>
                  <dd>{t(`kyc.status.${data.kyc_status}`, { defaultValue: data.kyc_status })}</dd>
                  <dt>{t('players.createdAt')}</dt>
                  <dd>{dateTime(data.created_at)}</dd>
                  <dt>{t('players.lastLogin')}</dt>
                  <dd>{dateTime(data.last_login_at)}</dd>
                </dl>
              </section>
              <section className="console-panel" aria-labelledby="player-balance">
                <h2 id="player-balance">{t('player.balance')}</h2>
                <dl className="console-kv" data-testid="player-balance">
                  <dt>{t('player.cash')}</dt>
                  <dd>{rupees(data.balance.cash)}</dd>
                  <dt>{t('player.exposure')}</dt>
                  <dd>{rupees(data.balance.exposure)}</dd>
                  <dt>{t('player.splitBonus')}</dt>
                  <dd>{rupees(data.balance.split_bonus)}</dd>
                  <dt>{t('player.wagerBonus')}</dt>
                  <dd>{rupees(data.balance.wager_bonus)}</dd>
                </dl>
              </section>
            </div>
            {(canManage || canAdjust) && (
              <section className="console-panel" aria-labelledby="player-actions">
                <h2 id="player-actions">{t('common.actions')}</h2>
                <div className="console-actions">
                  {canAdjust && (
                    <>
                      <Button onClick={() => open('credit')}>{t('player.credit')}</Button>
                      <Button variant="secondary" onClick={() => open('debit')}>
                        {t('player.debit')}
                      </Button>
                      <Button variant="secondary" onClick={() => open('bonus')}>
                        {t('player.grantBonus')}
                      </Button>
                    </>
                  )}
                  {canManage && (
                    <>
                      <Button variant="secondary" onClick={() => open('password')}>
                        {t('player.forcePassword')}
                      </Button>
                      {isDisabled ? (
                        <Button variant="secondary" onClick={() => open('enable')}>
                          {t('player.enable')}
                        </Button>
                      ) : (
                        <Button variant="danger" onClick={() => open('disable')}>
                          {t('player.disable')}
                        </Button>
                      )}
                    </>
                  )}
                </div>
              </section>
            )}
          </div>
        )}
        {tab === 'ledger' && <PlayerLedger userName={userName} />}
        {tab === 'bets' && <PlayerBets userName={userName} />}
        {tab === 'rounds' && <PlayerRounds userName={userName} />}
        {tab === 'activity' && <PlayerActivity userName={userName} />}
        {tab === 'identity' && <Identity userName={userName} />}
        {tab === 'limits' && <RgPanel userName={userName} />}
      </Tabs>

      <ActionDialog
        isOpen={dialog === 'credit'}
        onClose={() => setDialog(null)}
        title={t('player.creditTitle', { name: userName })}
        submitLabel={t('player.credit')}
        askAmount
        confirmation={adjustFacts('credit')}
        onSubmit={adjust('credit')}
      />
      <ActionDialog
        isOpen={dialog === 'debit'}
        onClose={() => setDialog(null)}
        title={t('player.debitTitle', { name: userName })}
        submitLabel={t('player.debit')}
        askAmount
        isDanger
        confirmation={adjustFacts('debit')}
        onSubmit={adjust('debit')}
      />
      <ActionDialog
        isOpen={dialog === 'bonus'}
        onClose={() => setDialog(null)}
        title={t('player.bonusTitle', { name: userName })}
        submitLabel={t('player.grantBonus')}
        askAmount
        extraLabel={t('player.bonusWallet')}
        extraOptions={[
          { value: 'wager', label: t('player.wagerBonus') },
          { value: 'split', label: t('player.splitBonus') },
        ]}
        confirmation={bonusFacts}
        onSubmit={(values) =>
          run(async () => {
            await callConsole(
              adminGrantBonus,
              {
                user_name: userName,
                wallet: values.extra === 'split' ? 'split' : 'wager',
                amount: values.amount,
                reason: values.reason,
              },
              { idempotencyKey },
            );
            toast.success(t('player.bonusDone', { amount: rupees(values.amount) }));
          })
        }
      />
      <ActionDialog
        isOpen={dialog === 'disable' || dialog === 'enable'}
        onClose={() => setDialog(null)}
        title={t(dialog === 'enable' ? 'player.enableTitle' : 'player.disableTitle', { name: userName })}
        submitLabel={t(dialog === 'enable' ? 'player.enable' : 'player.disable')}
        isDanger={dialog === 'disable'}
        onSubmit={(values) =>
          run(async () => {
            const status = dialog === 'enable' ? 'active' : 'disabled';
            await callConsole(adminSetPlayerStatus, { user_name: userName, status, reason: values.reason });
            toast.success(t(`players.status.${status}`));
          })
        }
      />
      <ActionDialog
        isOpen={dialog === 'password'}
        onClose={() => setDialog(null)}
        title={t('player.forcePassword')}
        description={t('player.forcePasswordText', { name: userName })}
        submitLabel={t('common.confirm')}
        askReason={false}
        onSubmit={() =>
          run(async () => {
            await callConsole(adminForcePasswordChange, { user_name: userName });
            toast.success(t('player.forcePasswordDone'));
          })
        }
      />
    </div>
  );
}
