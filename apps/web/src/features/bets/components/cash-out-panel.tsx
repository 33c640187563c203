import { formatPaiseAsRupees, formatRupees, type Market, paiseToRupees, type WinLossRow } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMarketName } from '@/lib/market-name';
import { Button, toast } from '@/components/ui';
import { ApiError, successMessage } from '@/lib/api-client';
import { cashOut } from '../api/cash-out-calls';
import { CASH_OUT_SHARES, cashOutKindOf, cashOutView, shareValuePaise } from '../model/cash-out-view';
import '../cash-out.css';

/** A refusal's new value (CASH_OUT_CHANGED carries the quote at the prices now). */
function changedValueOf(error: unknown): number | null {
  const data = error instanceof ApiError && error.code === 'CASH_OUT_CHANGED' ? error.data : null;
  const value = (data as { value?: unknown } | null)?.value;
  return typeof value === 'number' ? value : null;
}

/** ▲ or ▼ beside the value for a moment after each move (none at first sight). */
function useMove(value: number | null): 'up' | 'down' | null {
  const last = useRef(value);
  const [move, setMove] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    if (value !== null && last.current !== null && value !== last.current) setMove(value > last.current ? 'up' : 'down');
    last.current = value;
  }, [value]);
  return move;
}

/**
 * Cash out of one market (docs/betting.md "Cash out"): the value a full cash out locks in now,
 * recomputed at every live price of `market`, a Cash out button and a share (25 %, 50 %, 75 % or
 * all). Nothing when the player has no bets in the market. A refusal shows here, above the button.
 */
export function CashOutPanel({ market, book }: { market: Market; book: readonly WinLossRow[] | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const shareLabelId = useId();
  const [share, setShare] = useState<number>(100);
  const [isPlacing, setIsPlacing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const view = cashOutView(market, book);
  const valuePaise = view.state === 'offered' ? view.valuePaise : null;
  const move = useMove(valuePaise);
  if (view.state === 'hidden' || view.state === 'closed') return null;

  const waitsInPlay = cashOutKindOf(market) === 'match_odds' && market.in_play && market.bet_delay_s > 0;
  const shown = valuePaise === null ? null : shareValuePaise(valuePaise, share);

  async function onCashOut() {
    if (valuePaise === null) return;
    setIsPlacing(true);
    setRefusal(null);
    try {
      const body = { market_id: market.market_id, share: share / 100, value: paiseToRupees(valuePaise) };
      const { message } = await cashOut(queryClient, body, crypto.randomUUID());
      const amount = formatPaiseAsRupees(shareValuePaise(valuePaise, share));
      toast.success(successMessage(message, t(share === 100 ? 'bets.cashOut.done' : 'bets.cashOut.donePart', { amount, share })));
    } catch (error) {
      const changed = changedValueOf(error);
      if (changed !== null) setRefusal(t('bets.cashOut.changed', { amount: formatRupees(changed) }));
      else setRefusal(error instanceof Error ? error.message : t('common.unexpectedError'));
    } finally {
      setIsPlacing(false);
    }
  }

  return (
    <section
      className="cash-out"
      data-testid="cash-out"
      data-state={view.state}
      aria-label={`${t('bets.cashOut.title')} · ${translateMarketName(t, market.market_name)}`}
    >
      {view.state === 'offered' && shown !== null ? (
        <>
          <p className="cash-out__value">
            <span className="cash-out__label">{t('bets.cashOut.value')}</span>{' '}
            <strong
              className={`cash-out__amount cash-out__amount--${valuePaise! >= 0 ? 'up' : 'down'}`}
              data-testid="cash-out-value"
            >
              {formatPaiseAsRupees(valuePaise!)}
            </strong>
            {move && (
              <span key={valuePaise} className={`cash-out__move cash-out__move--${move}`} aria-hidden="true">
                {move === 'up' ? '▲' : '▼'}
              </span>
            )}
          </p>
          <div className="cash-out__shares" role="group" aria-labelledby={shareLabelId}>
            <span id={shareLabelId} className="visually-hidden">
              {t('bets.cashOut.share')}
            </span>
            {CASH_OUT_SHARES.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={share === option}
                className="cash-out__share"
                disabled={isPlacing}
                onClick={() => {
                  setShare(option);
                  setRefusal(null);
                }}
                data-testid={`cash-out-share-${option}`}
              >
                {option === 100 ? t('bets.cashOut.all') : t('bets.cashOut.shareOption', { share: option })}
              </button>
            ))}
          </div>
          {refusal && (
            <p className="cash-out__refusal" role="alert" data-testid="cash-out-refusal">
              {refusal}
            </p>
          )}
          <Button isBlock isLoading={isPlacing} onClick={() => void onCashOut()} data-testid="cash-out-button">
            {isPlacing
              ? t('bets.cashOut.placing')
              : share === 100
                ? t('bets.cashOut.button', { amount: formatPaiseAsRupees(shown) })
                : t('bets.cashOut.buttonShare', { share, amount: formatPaiseAsRupees(shown) })}
          </Button>
          {isPlacing && waitsInPlay && <p className="cash-out__note">{t('bets.cashOut.inPlayNote')}</p>}
        </>
      ) : (
        <p className="cash-out__status" data-testid="cash-out-status">
          {t(
            view.state === 'suspended'
              ? 'bets.cashOut.suspended'
              : view.state === 'level'
                ? 'bets.cashOut.level'
                : 'bets.cashOut.noPrice',
          )}
        </p>
      )}
    </section>
  );
}
