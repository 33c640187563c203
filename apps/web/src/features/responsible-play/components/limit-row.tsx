import { formatRupees, type RgLimit } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormField, toast } from '@/components/ui';
import { successMessage } from '@/lib/api-client';
import { useConfirmLimit, useSetLimit } from '../api/rg-calls';
import { formatMoment } from '../model/format';
import {
  appliesAtOnce,
  classifyChange,
  MAX_LIMIT_RUPEES,
  parseLimitAmount,
  pendingChange,
  usedPercent,
} from '../model/limits-model';
import { useNow } from '../model/use-now';

/**
 * One limit (a kind over a period): what it is, what its window has used and what is left, a
 * raise or removal waiting for its 24 hours (Confirm once they have passed), and an editor.
 */
export function LimitRow({ limit }: { limit: RgLimit }) {
  const { t, i18n } = useTranslation();
  const [isEditing, setIsEditing] = useState(false);
  const changeRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Keyboard and screen-reader users land back on the button that opened the editor.
  useEffect(() => {
    if (wasEditing.current && !isEditing) changeRef.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);
  const pending = pendingChange(limit, useNow(limit.pending_from ? 15_000 : null));
  const confirm = useConfirmLimit();
  const keep = useSetLimit();
  const name = t(`rg.limits.name.${limit.kind}.${limit.period}`);
  const percent = usedPercent(limit);

  return (
    <li className="rg-limit" data-testid={`rg-limit-${limit.kind}-${limit.period}`}>
      <div className="rg-limit__head">
        <p className="rg-limit__name">
          {t(`rg.periods.${limit.period}`)}
          <span className="rg-limit__window">{t(`rg.windows.${limit.period}`)}</span>
        </p>
        <strong className="rg-limit__amount" data-testid="rg-limit-amount">
          {limit.amount === null ? t('rg.limits.none') : formatRupees(limit.amount)}
        </strong>
      </div>
      {limit.amount !== null && (
        <div
          className="rg-limit__meter"
          role="meter"
          aria-label={t('rg.limits.usedLabel', { name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('rg.limits.usedOf', { used: formatRupees(limit.used), amount: formatRupees(limit.amount) })}
        >
          <span className="rg-limit__meter-fill" style={{ width: `${percent}%` }} />
        </div>
      )}
      <p className="rg-limit__usage" data-testid="rg-limit-usage">
        {limit.remaining === null
          ? t('rg.limits.usedOnly', { used: formatRupees(limit.used) })
          : t('rg.limits.usedLeft', { used: formatRupees(limit.used), left: formatRupees(limit.remaining) })}
      </p>
      {pending.status !== 'none' && (
        <div className="rg-limit__pending" data-testid="rg-limit-pending">
          <p>
            {pending.amount === null
              ? t('rg.limits.pendingRemoval', { from: formatMoment(pending.from, i18n.language) })
              : t('rg.limits.pendingRaise', {
                  amount: formatRupees(pending.amount),
                  from: formatMoment(pending.from, i18n.language),
                })}
          </p>
          <div className="rg-actions">
            {pending.status === 'confirmable' && (
              <Button
                size="sm"
                isLoading={confirm.isPending}
                onClick={() =>
                  confirm.mutate(
                    { kind: limit.kind, period: limit.period },
                    {
                      onSuccess: ({ message }) => toast.success(successMessage(message, t('rg.limits.confirmed'))),
                      onError: (error) => toast.error(error.message),
                    },
                  )
                }
              >
                {t('rg.limits.confirm')}
              </Button>
            )}
            {limit.amount !== null && (
              <Button
                size="sm"
                variant="secondary"
                isLoading={keep.isPending}
                aria-label={t('rg.limits.keepLabel', { name, amount: formatRupees(limit.amount) })}
                onClick={() =>
                  keep.mutate(
                    { kind: limit.kind, period: limit.period, amount: limit.amount },
                    {
                      onSuccess: () => toast.success(t('rg.limits.kept')),
                      onError: (error) => toast.error(error.message),
                    },
                  )
                }
              >
                {t('rg.limits.keep')}
              </Button>
            )}
          </div>
        </div>
      )}
      {isEditing ? (
        <LimitEditor limit={limit} name={name} onDone={() => setIsEditing(false)} />
      ) : (
        <Button
          ref={changeRef}
          size="sm"
          variant="secondary"
          aria-label={t(limit.amount === null ? 'rg.limits.setLabel' : 'rg.limits.changeLabel', { name })}
          onClick={() => setIsEditing(true)}
        >
          {limit.amount === null ? t('rg.limits.set') : t('rg.limits.change')}
        </Button>
      )}
    </li>
  );
}

function LimitEditor({ limit, name, onDone }: { limit: RgLimit; name: string; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSetLimit();
  const [text, setText] = useState(limit.amount === null ? '' : String(limit.amount));
  const [isSubmitted, setIsSubmitted] = useState(false);
  const parsed = parseLimitAmount(text);
  const change = 'amount' in parsed ? classifyChange(limit.amount, parsed.amount) : null;
  const max = formatRupees(MAX_LIMIT_RUPEES);

  function send(amount: number | null) {
    save.mutate(
      { kind: limit.kind, period: limit.period, amount },
      {
        onSuccess: ({ message }) => {
          toast.success(successMessage(message, t('rg.limits.saved')));
          onDone();
        },
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <form
      className="rg-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setIsSubmitted(true);
        if ('amount' in parsed) send(parsed.amount);
      }}
    >
      <FormField
        label={t('rg.limits.newLabel', { name })}
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint={change ? t(appliesAtOnce(change) ? 'rg.limits.atOnce' : 'rg.limits.afterWait') : t('rg.limits.hint')}
        error={isSubmitted && 'problem' in parsed ? t(`rg.limits.problems.${parsed.problem}`, { max }) : undefined}
      />
      <div className="rg-actions">
        <Button type="submit" size="sm" isLoading={save.isPending && save.variables?.amount !== null}>
          {t('common.save')}
        </Button>
        {limit.amount !== null && (
          <Button
            size="sm"
            variant="secondary"
            isLoading={save.isPending && save.variables?.amount === null}
            onClick={() => send(null)}
          >
            {t('rg.limits.remove')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
      {limit.amount !== null && <p className="rg-note">{t('rg.limits.removeNote')}</p>}
    </form>
  );
}
