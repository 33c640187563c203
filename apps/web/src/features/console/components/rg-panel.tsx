import {
  adminRgPause,
  adminRgState,
  adminRgTighten,
  type DataOf,
  RG_LIMIT_KINDS,
  RG_PERIODS,
  type RgLimitKind,
  type RgPeriod,
  SELF_EXCLUSION_DURATIONS,
  TIME_OUT_DURATIONS,
} from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormField, Loading, toast } from '@/components/ui';
import { useConsoleQuery } from '../api/use-console-query';
import { callConsole, toastConsoleError } from '../lib/console-api';
import { useMay } from '../lib/use-may';
import { dateTime, rupees } from '../model/format';
import { ConsoleTable } from './console-table';
import { queryKeys } from '@/lib/query-keys';

type RgLimitRow = DataOf<typeof adminRgState>['limits'][number];
const PAUSES = [
  ...TIME_OUT_DURATIONS.map((duration) => ({ kind: 'time_out' as const, duration })),
  ...SELF_EXCLUSION_DURATIONS.map((duration) => ({ kind: 'self_exclusion' as const, duration })),
];

function TightenForm({ userName, onDone }: { userName: string; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation('admin');
  const [kind, setKind] = useState<RgLimitKind>('deposit');
  const [period, setPeriod] = useState<RgPeriod>('day');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return setError(t('common.amountInvalid'));
    if (!reason.trim()) return setError(t('common.reasonRequired'));
    setError(undefined);
    setIsBusy(true);
    try {
      await callConsole(adminRgTighten, { user_name: userName, kind, period, amount: Number(amount), reason: reason.trim() });
      toast.success(t('rg.tightened'));
      setAmount('');
      setReason('');
      await onDone();
    } catch (caught) {
      toastConsoleError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form
      className="console-form console-form--inline"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('rg.tighten')}
    >
      <FormField label={t('rg.kind')}>
        {(control) => (
          <select
            {...control}
            className="console-select"
            value={kind}
            onChange={(event) => setKind(event.target.value as RgLimitKind)}
          >
            {RG_LIMIT_KINDS.map((item) => (
              <option key={item} value={item}>
                {t(`rg.kinds.${item}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('rg.period')}>
        {(control) => (
          <select
            {...control}
            className="console-select"
            value={period}
            onChange={(event) => setPeriod(event.target.value as RgPeriod)}
          >
            {RG_PERIODS.map((item) => (
              <option key={item} value={item}>
                {t(`rg.periods.${item}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label={t('common.amount')}
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value.trim())}
      />
      <FormField label={t('common.reason')} value={reason} error={error} onChange={(event) => setReason(event.target.value)} />
      <Button type="submit" isLoading={isBusy}>
        {t('rg.tighten')}
      </Button>
    </form>
  );
}

function PauseForm({ userName, onDone }: { userName: string; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation('admin');
  const [choice, setChoice] = useState(0);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const pause = PAUSES[choice];
    if (!pause) return;
    if (!reason.trim()) return setError(t('common.reasonRequired'));
    setError(undefined);
    setIsBusy(true);
    try {
      await callConsole(
        adminRgPause,
        pause.kind === 'time_out'
          ? { user_name: userName, kind: 'time_out', duration: pause.duration, reason: reason.trim() }
          : { user_name: userName, kind: 'self_exclusion', duration: pause.duration, reason: reason.trim() },
      );
      toast.success(t('rg.paused'));
      setReason('');
      await onDone();
    } catch (caught) {
      toastConsoleError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form
      className="console-form console-form--inline"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('rg.pause')}
    >
      <FormField label={t('rg.pauseKind')}>
        {(control) => (
          <select
            {...control}
            className="console-select"
            value={choice}
            onChange={(event) => setChoice(Number(event.target.value))}
          >
            {PAUSES.map((pause, index) => (
              <option key={`${pause.kind}-${pause.duration}`} value={index}>
                {t(`rg.pauses.${pause.kind}`)} · {t(`rg.durations.${pause.duration}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('common.reason')} value={reason} error={error} onChange={(event) => setReason(event.target.value)} />
      <Button type="submit" variant="danger" isLoading={isBusy}>
        {t('rg.pause')}
      </Button>
    </form>
  );
}

/**
 * A player's responsible-play limits, session controls and pause (docs/responsible-play.md).
 * Operators may only tighten: a lower limit, a new pause; never loosen (the server refuses it).
 */
export function RgPanel({ userName }: { userName: string }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const canTighten = useMay('rg.tighten');
  const state = useConsoleQuery(adminRgState, { user_name: userName });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.console.endpoint(adminRgState.path) });
  if (state.isPending) return <Loading label={t('common.loading')} />;
  if (!state.data) return <p className="console-page__lead">{state.error?.message}</p>;
  const { data } = state;
  return (
    <div className="console-page">
      <dl className="console-kv" data-testid="rg-summary">
        <dt>{t('rg.pauseNow')}</dt>
        <dd>
          {data.pause
            ? `${t(`rg.pauses.${data.pause.kind}`)} · ${data.pause.until ? t('rg.until', { time: dateTime(data.pause.until) }) : t('rg.permanent')}`
            : t('rg.noPause')}
        </dd>
        <dt>{t('rg.sessionLimit')}</dt>
        <dd>{data.session_limit_minutes ? t('rg.minutes', { count: data.session_limit_minutes }) : t('rg.noLimit')}</dd>
        <dt>{t('rg.realityCheck')}</dt>
        <dd>{data.reality_check_minutes ? t('rg.minutes', { count: data.reality_check_minutes }) : t('rg.noLimit')}</dd>
      </dl>
      <ConsoleTable<RgLimitRow>
        title={t('rg.limits', { name: userName })}
        rows={data.limits}
        getRowKey={(row) => `${row.kind}-${row.period}`}
        columns={[
          { key: 'kind', header: t('rg.kind'), value: (row) => t(`rg.kinds.${row.kind}`) },
          { key: 'period', header: t('rg.period'), value: (row) => t(`rg.periods.${row.period}`) },
          {
            key: 'amount',
            header: t('rg.limit'),
            value: (row) => row.amount,
            render: (row) => (row.amount === null ? t('rg.noLimit') : rupees(row.amount)),
            align: 'end',
          },
          { key: 'used', header: t('rg.used'), value: (row) => row.used, render: (row) => rupees(row.used), align: 'end' },
          {
            key: 'remaining',
            header: t('rg.remaining'),
            value: (row) => row.remaining,
            render: (row) => rupees(row.remaining),
            align: 'end',
          },
          {
            key: 'pending',
            header: t('rg.pending'),
            value: (row) => (row.pending_from ? `${row.pending_amount ?? t('rg.noLimit')} @ ${row.pending_from}` : ''),
          },
        ]}
      />
      {canTighten && (
        <section className="console-panel">
          <h3>{t('rg.tightenTitle')}</h3>
          <p className="console-page__lead">{t('rg.onlyTighten')}</p>
          <TightenForm userName={userName} onDone={refresh} />
          <PauseForm userName={userName} onDone={refresh} />
        </section>
      )}
    </div>
  );
}
