import type { ReactNode } from 'react';
import { FancyBook, RunnerBook, useWinLossList } from '@/features/bets';
import { useSession } from '@/lib/session';

/**
 * The player's book on a match page, for the match route to compose into the sports feature's
 * market tables: `renderRunner(marketId, selectionId)` under each runner's name and
 * `renderFancy(fancyId)` under each fancy line. Nothing for a guest or a market without bets.
 * Placing a bet refreshes it (bet-slip-area.tsx invalidates every bets query).
 */
export function useMatchBook(matchId: number): {
  renderRunner: (marketId: string, selectionId: number) => ReactNode;
  renderFancy: (fancyId: number) => ReactNode;
} {
  const session = useSession();
  const book = useWinLossList(matchId, Boolean(session));
  return {
    renderRunner: (marketId, selectionId) => <RunnerBook book={book.data} marketId={marketId} selectionId={selectionId} />,
    renderFancy: (fancyId) => <FancyBook book={book.data} fancyId={fancyId} />,
  };
}
