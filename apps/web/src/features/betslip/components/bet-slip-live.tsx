import { useTranslation } from 'react-i18next';
import { type BetSlipState, isLiveBetter } from '../model/bet-slip-state';
import type { BetSlipStore } from '../model/bet-slip-store';
import { priceText } from '../model/price-text';

/**
 * The selection's price on offer now, under the slip's own price: it follows the page's live
 * prices and marks each move up or down as it happens (docs/betting.md, "The bet slip (web)": slip
 * 1.53, ladder 1.41). When it is better than the slip's, the slip says the bet takes it; when it is
 * worse, one tap takes it.
 */
export function BetSlipLive({ store, state }: { store: BetSlipStore; state: BetSlipState }) {
  const { t } = useTranslation();
  const { live, move, kind } = state;
  if (!live || !kind) return null;
  const text =
    live.status === 'CLOSED'
      ? t('betslip.live.closed')
      : live.status === 'SUSPENDED'
        ? t('betslip.live.suspended')
        : live.price === null
          ? t('betslip.live.none')
          : t('betslip.live.now', { price: priceText(kind, live.price, live.run) });
  // A better price needs no tap: the server takes it (docs/betting.md "Best execution").
  const isBetter = isLiveBetter(state);
  const differs =
    !isBetter &&
    live.status === 'OPEN' &&
    live.price !== null &&
    (live.price !== state.odds || (kind === 'fancy' && live.run !== state.selection?.run));
  return (
    <div className="betslip__live" data-testid="bet-slip-live" data-move={move?.direction}>
      {/* The live region stays; its content is keyed by the move, so each move replays the highlight. */}
      <p className="betslip__live-price" aria-live="polite" aria-atomic="true">
        <span key={move?.count ?? 0} className="betslip__live-value">
          {move && (
            <span className={`betslip__move betslip__move--${move.direction}`} data-testid="bet-slip-move">
              <span aria-hidden="true">{move.direction === 'up' ? '▲' : '▼'}</span>
              <span className="visually-hidden">{move.direction === 'up' ? t('betslip.live.up') : t('betslip.live.down')} </span>
            </span>
          )}
          {text}
        </span>
      </p>
      {isBetter && live.price !== null && (
        <p className="betslip__best" data-testid="bet-slip-best">
          {t('betslip.live.best', { price: priceText(kind, live.price, live.run) })}
        </p>
      )}
      {differs && live.price !== null && (
        <button
          type="button"
          className="betslip__use-live"
          disabled={state.isPlacing}
          onClick={() => store.dispatch({ type: 'offerTaken', price: live.price ?? 0, run: live.run })}
          data-testid="bet-slip-use-live"
        >
          {t('betslip.live.use', { price: priceText(kind, live.price, live.run) })}
        </button>
      )}
    </div>
  );
}
