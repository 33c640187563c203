import type { MarketStatus } from '@app/shared';
import { AppError } from '../../lib/app-error';
import type { MarketsSnapshots } from './markets-snapshots';

export interface MarketQuote {
  matchId: number;
  /** The match's sport and name, as its bet row keeps them. */
  sportId: number;
  matchName: string;
  marketId: string;
  marketName: string;
  /** Runners that win together (a Place market's 2 or 3). */
  numberOfWinners: number;
  /** Every runner of the market, in its order: a runner nobody backed may win. */
  runners: { selection_id: number; name: string }[];
  marketType: string;
  selectionId: number;
  status: MarketStatus;
  inPlay: boolean;
  betDelaySeconds: number;
  minStakePaise: number;
  maxStakePaise: number;
  /** Hundredths of decimal odds, or per-100 odds for the bookmaker; null when none is offered. */
  bestBack: number | null;
  bestLay: number | null;
}

export interface FancyQuote {
  fancyId: number;
  matchId: number;
  status: MarketStatus;
  runNo: number | null;
  sizeNo: number | null;
  runYes: number | null;
  sizeYes: number | null;
  minStakePaise: number;
  maxStakePaise: number;
}

/** A runner's or a fancy line's price and status now, as a bet is checked against it (docs/betting.md). */
export function createMarketQuotes(snapshots: MarketsSnapshots) {
  const { bundleOf, getMarkets } = snapshots;

  return {
    async quoteMarket(matchId: number, marketId: string, selectionId: number): Promise<MarketQuote> {
      const snapshot = await getMarkets(matchId);
      const market = snapshot.markets.find((item) => item.market_id === marketId);
      const runner = market?.runners.find((item) => item.selection_id === selectionId);
      const bundle = await bundleOf(matchId);
      const record = bundle?.markets.find((item) => item.market_id === marketId);
      if (!bundle || !market || !runner || !record) throw new AppError('NOT_FOUND', 'No such market or selection in this match');
      const toFeedOdds = (odds: number | undefined) =>
        odds === undefined ? null : market.market_type === 'BOOKMAKER' ? odds : Math.round(odds * 100);
      return {
        matchId,
        sportId: Number(bundle.match.sport_id),
        matchName: bundle.match.name,
        marketId,
        marketName: market.market_name,
        numberOfWinners: Number(record.number_of_winners),
        runners: bundle.runners
          .filter((item) => item.market_id === marketId)
          .map((item) => ({ selection_id: Number(item.selection_id), name: item.name })),
        marketType: market.market_type,
        selectionId,
        status: market.status,
        inPlay: market.in_play,
        betDelaySeconds: market.bet_delay_s,
        minStakePaise: record.min_stake,
        maxStakePaise: record.max_stake,
        bestBack: toFeedOdds(runner.back[0]?.odds),
        bestLay: toFeedOdds(runner.lay[0]?.odds),
      };
    },

    async quoteFancy(matchId: number, fancyId: number): Promise<FancyQuote> {
      const bundle = await bundleOf(matchId);
      const record = bundle?.fancies.find((item) => item.fancy_id === fancyId);
      if (!bundle || !record) throw new AppError('NOT_FOUND', 'No such fancy line in this match');
      const line = (await getMarkets(matchId)).fancy.find((item) => item.fancy_id === fancyId);
      return {
        fancyId,
        matchId,
        status: line?.status ?? 'CLOSED',
        runNo: line?.run_no ?? null,
        sizeNo: line?.size_no ?? null,
        runYes: line?.run_yes ?? null,
        sizeYes: line?.size_yes ?? null,
        minStakePaise: record.min_stake,
        maxStakePaise: record.max_stake,
      };
    },
  };
}
