import type { Market } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { FancyBook, RunnerBook, refreshBets, useWinLossList } from '@/features/bets';
import { CashOutPanel } from '@/features/bets/cash-out';
import { useSession } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';

/** The wallet feature's balance query (bet-slip-area.tsx reads it again after a bet). */
const BALANCE_QUERY_KEY = queryKeys.wallet.balance;

/**
 * The player's book on a match page, for the match route to compose into the sports feature's
 * market tables: `renderRunner(marketId, selectionId)` under each runner's name,
 * `renderFancy(fancyId)` under each fancy line, and `renderMarket(market)` under a market's header:
 * its cash out, valued at the market's live prices (docs/betting.md "Cash out"). Nothing for a
 * guest or a market without bets.
 * Placing a bet refreshes it (bet-slip-area.tsx invalidates every bets query), and so does a
 * change of the held exposure from elsewhere: a settlement (a race's result) empties the book.
 */
export function useMatchBook(matchId: number): {
  renderRunner: (marketId: string, selectionId: number) => ReactNode;
  renderFancy: (fancyId: number) => ReactNode;
  renderMarket: (market: Market) => ReactNode;
} {
  const session = useSession();
  const queryClient = useQueryClient();
  const book = useWinLossList(matchId, Boolean(session));

  useEffect(() => {
    let exposure: unknown;
    return queryClient.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey;
      if (event.type !== 'updated' || key[0] !== BALANCE_QUERY_KEY[0] || key[1] !== BALANCE_QUERY_KEY[1]) return;
      const next = (event.query.state.data as { exposure?: unknown } | undefined)?.exposure;
      if (exposure !== undefined && next !== exposure) void refreshBets(queryClient);
      exposure = next;
    });
  }, [queryClient]);

  return {
    renderRunner: (marketId, selectionId) => <RunnerBook book={book.data} marketId={marketId} selectionId={selectionId} />,
    renderFancy: (fancyId) => <FancyBook book={book.data} fancyId={fancyId} />,
    renderMarket: (market) => (
      <CashOutPanel market={market} book={book.data?.markets.find((item) => item.market_id === market.market_id)?.win_loss} />
    ),
  };
}
