import { type adminEndpoints as api, type DataOf, type ParsedRequestOf } from '@app/shared';
import { AppError } from '../../lib/app-error';
import { assertFancy, assertMarket, betTotalsOf, openBetsOf, standingSettlementsOf } from '../bets';
import { fixtureDetail } from '../markets';
import type { ConsoleDeps } from './console-deps';
import { rupees, targetOfBody } from './console-support';
import { runnerExposure, worstCase } from './exposure';

/**
 * A fixture's page and a settlement's preview in the console (docs/console.md): the markets
 * module's markets, runners and fancy lines with the bets module's open bets and settlements.
 * The routes parse and answer; the arithmetic lives here.
 */
export function createConsoleMarkets({ db }: Pick<ConsoleDeps, 'db'>) {
  /** A fixture with its open bets and the standing settlements of its markets and fancy lines, or undefined. */
  async function detailOf(matchId: number) {
    const detail = await fixtureDetail(db, matchId);
    if (!detail) return undefined;
    const targets = [
      ...detail.markets.map((market) => `M:${market.market_id}`),
      ...detail.fancies.map((fancy) => `F:${fancy.fancy_id}`),
    ];
    const [settlements, openBets] = await Promise.all([standingSettlementsOf(db, targets), openBetsOf(db, { matchId })]);
    return { ...detail, settlements, openBets };
  }

  return {
    /** `adminFixtureMarkets` */
    async fixtureMarkets(body: ParsedRequestOf<typeof api.adminFixtureMarkets>): Promise<DataOf<typeof api.adminFixtureMarkets>> {
      const detail = await detailOf(body.match_id);
      if (!detail) throw new AppError('NOT_FOUND', `No fixture has id ${body.match_id}`);
      const suspended = new Set(detail.suspensions.map((row) => row.target));
      const settledBy = new Map(detail.settlements.map((row) => [row.target, row]));
      return {
        match_id: Number(detail.match.match_id),
        match_name: detail.match.name,
        markets: detail.markets.map((market) => {
          const target = `M:${market.market_id}`;
          const runners = detail.runners.filter((runner) => runner.market_id === market.market_id);
          const exposure = runnerExposure(
            detail.openBets.filter((bet) => bet.market_id === market.market_id),
            runners.map((runner) => Number(runner.selection_id)),
          );
          const settled = settledBy.get(target);
          const winners = settled?.winner_selection_ids
            ? settled.winner_selection_ids.split(',').map(Number)
            : settled?.winner_selection_id != null
              ? [Number(settled.winner_selection_id)]
              : [];
          return {
            market_id: market.market_id,
            market_name: market.name,
            product: market.market_type.toLowerCase(),
            status: settled ? (settled.outcome === 'void' ? 'voided' : 'settled') : suspended.has(target) ? 'suspended' : 'open',
            is_operator_suspended: suspended.has(target),
            number_of_winners: Number(market.number_of_winners),
            exposure: rupees(worstCase(exposure)),
            runners: runners.map((runner) => ({
              selection_id: Number(runner.selection_id),
              name: runner.name,
              exposure: rupees(exposure.get(Number(runner.selection_id)) ?? 0),
              result: settled
                ? winners.includes(Number(runner.selection_id))
                  ? 'winner'
                  : settled.outcome === 'void'
                    ? 'void'
                    : 'loser'
                : null,
            })),
          };
        }),
        fancy: detail.fancies.map((fancy) => {
          const target = `F:${fancy.fancy_id}`;
          const settled = settledBy.get(target);
          const held = detail.openBets
            .filter((bet) => bet.fancy_id === Number(fancy.fancy_id))
            .reduce((total, bet) => total + Number(bet.liability), 0);
          return {
            fancy_id: Number(fancy.fancy_id),
            name: fancy.name,
            status: settled ? (settled.outcome === 'void' ? 'voided' : 'settled') : suspended.has(target) ? 'suspended' : 'open',
            is_operator_suspended: suspended.has(target),
            exposure: rupees(held),
            result_run: settled?.result_run == null ? null : Number(settled.result_run),
          };
        }),
      };
    },
    /** `adminSettlementPreview` */
    async settlementPreview(
      body: ParsedRequestOf<typeof api.adminSettlementPreview>,
    ): Promise<DataOf<typeof api.adminSettlementPreview>> {
      if ('market_id' in body) await assertMarket(db, body.market_id);
      else await assertFancy(db, body.fancy_id);
      const target = targetOfBody(body);
      const { byStatus, players } = await betTotalsOf(db, target);
      const open = byStatus.find((row) => row.status === 'open');
      // Every decided bet (won, lost or void) is one a void or a re-settle decides again.
      const settled = byStatus.filter((row) => row.status !== 'open');
      return {
        target,
        players,
        open_bets: Number(open?.n ?? 0),
        open_stake: rupees(open?.stake),
        open_held: rupees(open?.liability),
        settled_bets: settled.reduce((total, row) => total + Number(row.n), 0),
        settled_profit_loss: rupees(settled.reduce((total, row) => total + Number(row.profit_loss ?? 0), 0)),
      };
    },
  };
}
