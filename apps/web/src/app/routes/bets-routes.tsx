import { CashOutPanel } from '@/features/bets/cash-out';
import { type CurrentBetsMarket, CurrentBetsPage } from '@/features/bets/pages';
import { useWinLossList } from '@/features/bets';
import { useMatchMarkets } from '@/features/sports/live';

/**
 * One market's cash out on the current bets page: the sports feature's live state of its match
 * (the same query and socket the match page uses) and the player's book there (bets feature).
 */
function LiveCashOut({ market }: { market: CurrentBetsMarket }) {
  const live = useMatchMarkets(market.match_id);
  const book = useWinLossList(market.match_id, true);
  const current = live.data?.markets.find((item) => item.market_id === market.market_id);
  if (!current) return null;
  const rows = book.data?.markets.find((item) => item.market_id === market.market_id)?.win_loss;
  return <CashOutPanel market={current} book={rows} />;
}

/** /report/current-bets with a live cash out for each market the player has open bets in. */
export function CurrentBetsRoute() {
  return <CurrentBetsPage renderCashOut={(market) => <LiveCashOut market={market} />} />;
}
