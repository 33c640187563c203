import { randomUUID } from 'node:crypto';
import type { Fancy, Market, MarketsSnapshot } from '@app/shared';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/database';
import type { WalletApiApp } from './wallet-support';

export interface OpenMarket {
  matchId: number;
  market: Market;
  snapshot: MarketsSnapshot;
}

/** Every match's markets as `market/getMarkets` answers them, soonest match first. */
export async function snapshotsOf(t: WalletApiApp): Promise<MarketsSnapshot[]> {
  const matches = await t.database.db.selectFrom('matches').select('match_id').orderBy('start_time').execute();
  const found: MarketsSnapshot[] = [];
  for (const { match_id } of matches) {
    const res = await t.post('market/getMarkets', { match_id: Number(match_id) });
    if (res.statusCode === 200) found.push(res.json().data as MarketsSnapshot);
  }
  return found;
}

/** A match-odds market open now, before the start (no in-play delay), with back and lay prices on every runner. */
export async function findOpenMatchOdds(
  t: WalletApiApp,
  options: { inPlay?: boolean; skip?: ReadonlySet<string> } = {},
): Promise<OpenMarket> {
  for (const snapshot of await snapshotsOf(t)) {
    if (snapshot.match.in_play !== (options.inPlay ?? false)) continue;
    const market = snapshot.markets.find(
      (item) =>
        item.market_type === 'MATCH_ODDS' &&
        !options.skip?.has(item.market_id) &&
        item.status === 'OPEN' &&
        item.runners.every((runner) => runner.back.length > 0 && runner.lay.length > 0),
    );
    if (market) return { matchId: snapshot.match.match_id, market, snapshot };
  }
  throw new Error('no open match-odds market in the simulated feed');
}

/** An open fancy line with both sides priced (fancy lines open in play). */
export async function findOpenFancy(t: WalletApiApp): Promise<{ matchId: number; fancy: Fancy }> {
  for (const snapshot of await snapshotsOf(t)) {
    const fancy = snapshot.fancy.find((line) => line.status === 'OPEN' && line.run_yes !== null && line.run_no !== null);
    if (fancy) return { matchId: snapshot.match.match_id, fancy };
  }
  throw new Error('no open fancy line in the simulated feed');
}

export async function currentMarket(t: WalletApiApp, matchId: number, marketId: string): Promise<Market> {
  const snapshot = (await t.post('market/getMarkets', { match_id: matchId })).json().data as MarketsSnapshot;
  const market = snapshot.markets.find((item) => item.market_id === marketId);
  if (!market) throw new Error(`market ${marketId} is gone`);
  return market;
}

export function placeBet(
  t: WalletApiApp,
  path: 'bet/placeMarketBet' | 'bet/placeFancyBet',
  token: string,
  body: Record<string, unknown>,
  key: string | null = randomUUID(),
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: body,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

export async function balanceOf(t: WalletApiApp, token: string): Promise<{ free_chip: number; exposure: number }> {
  return (await t.post('user/getUserBalance', {}, { token })).json().data;
}

/**
 * A match-odds market of a match an hour or more away (no in-play delay), with a backed runner,
 * from the API server at `url`: the placement body's ids.
 */
export async function farMatchOdds(db: Db, url: string): Promise<{ match_id: number; market_id: string; selection_id: number }> {
  const matches = await db
    .selectFrom('matches')
    .select('match_id')
    .where('start_time', '>', Date.now() + 3_600_000)
    .orderBy('start_time')
    .execute();
  for (const { match_id } of matches) {
    const response = await fetch(`${url}/api/market/getMarkets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ match_id: Number(match_id) }),
    });
    const snapshot = ((await response.json()) as { data: MarketsSnapshot }).data;
    const market = snapshot.markets.find((item) => item.market_type === 'MATCH_ODDS' && item.status === 'OPEN');
    const runner = market?.runners.find((item) => item.back.length > 0);
    if (market && runner) return { match_id: Number(match_id), market_id: market.market_id, selection_id: runner.selection_id };
  }
  throw new Error('no open match-odds market an hour away');
}
