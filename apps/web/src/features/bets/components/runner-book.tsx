import type { DataOf, endpoints } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { formatProfitLossRupees } from '../model/bet-format';
import { RunPosition } from './run-position';
import '../bets.css';

export type WinLossList = DataOf<typeof endpoints.getWinLossList>;

/**
 * The player's profit or loss if this runner wins (docs/product.md §3 win/loss list), shown under the
 * runner's name. Nothing when the player has no bet in the market.
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
  const row = book?.markets
    .find((market) => market.market_id === marketId)
    ?.win_loss.find((item) => item.selection_id === selectionId);
  if (!row) return null;
  const direction = row.profit_loss >= 0 ? 'up' : 'down';
  return (
    <span className={`bets-book bets-book--${direction}`} data-testid="runner-book">
      <span className="visually-hidden">{t('bets.book.ifWins')} </span>
      {formatProfitLossRupees(row.profit_loss)}
    </span>
  );
}

/**
 * The player's run position on a fancy line: profit or loss at each result around their lines,
 * under what the line holds at worst (issue 27: the worst case alone told a Yes player too little).
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
