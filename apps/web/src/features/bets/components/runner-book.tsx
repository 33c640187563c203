import type { DataOf, endpoints } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { formatProfitLossRupees } from '../model/bet-format';
import { RunPosition } from './run-position';
import '../bets.css';

export type WinLossList = DataOf<typeof endpoints.getWinLossList>;

type BookRow = WinLossList['markets'][number]['win_loss'][number];

/** The colour of a figure: green for a gain, red for a loss, plain for nothing either way. */
function directionOf(amount: number): 'up' | 'down' | 'flat' {
  return amount > 0 ? 'up' : amount < 0 ? 'down' : 'flat';
}

/**
 * The player's total in the market if this runner wins (docs/betting.md "The win/loss list"),
 * shown under the runner's name. On a market that pays several runners (Place) the total if it
 * places depends on the others: its worst and best, and what it costs if it does not place.
 * Nothing when the player has no bet in the market.
 */
export function RunnerBook({
  book,
  marketId,
  selectionId,
}: {
  book: WinLossList | undefined;
  marketId: string;
  selectionId: number;
}) {
  const { t } = useTranslation();
  const market = book?.markets.find((item) => item.market_id === marketId);
  const row = market?.win_loss.find((item) => item.selection_id === selectionId);
  if (!market || !row) return null;
  if (market.winners <= 1) {
    return (
      <span className={`bets-book bets-book--${directionOf(row.profit_loss)}`} data-testid="runner-book">
        <span className="visually-hidden">{t('bets.book.ifWins')} </span>
        {formatProfitLossRupees(row.profit_loss)}
      </span>
    );
  }
  return <PlacedBook row={row} />;
}

function rangeText(t: ReturnType<typeof useTranslation>['t'], worst: number, best: number): string {
  if (worst === best) return formatProfitLossRupees(worst);
  return t('bets.book.range', { worst: formatProfitLossRupees(worst), best: formatProfitLossRupees(best) });
}

/** A Place market's runner: the total if it places (worst to best), and if not, when that differs. */
function PlacedBook({ row }: { row: BookRow }) {
  const { t } = useTranslation();
  const placed = rangeText(t, row.profit_loss, row.profit_loss_best);
  const unplaced = row.if_loses === null || row.if_loses_best === null ? null : rangeText(t, row.if_loses, row.if_loses_best);
  return (
    <span className="bets-book bets-book--placed" data-testid="runner-book">
      <span className={`bets-book__line bets-book--${directionOf(row.profit_loss)}`} data-testid="runner-book-placed">
        {t('bets.book.placed', { amount: placed })}
      </span>
      {unplaced !== null && unplaced !== placed && (
        <span className={`bets-book__line bets-book--${directionOf(row.if_loses ?? 0)}`} data-testid="runner-book-unplaced">
          {t('bets.book.unplaced', { amount: unplaced })}
        </span>
      )}
    </span>
  );
}

/**
 * The player's run position on a fancy line: profit or loss at each result around their lines,
 * under what the line holds at worst (docs/betting.md, "The fancy ladder": the worst case alone
 * told a Yes player too little).
 */
export function FancyBook({ book, fancyId }: { book: WinLossList | undefined; fancyId: number }) {
  const { t } = useTranslation();
  const row = book?.fancy.find((item) => item.fancy_id === fancyId);
  if (!row) return null;
  return (
    <RunPosition
      rows={row.run_position}
      summary={t('bets.book.fancyExposure', { amount: formatProfitLossRupees(-row.exposure) })}
      testId="fancy-book"
    />
  );
}
