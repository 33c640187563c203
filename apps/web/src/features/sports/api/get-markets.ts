import type { MarketsSnapshot } from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyDelta } from '../model/apply-delta';
import { liveSocket, useLiveSocketOpen } from '../model/live-socket';
import { marketsQuery } from './markets-query';

/** Without the live socket the page polls this often. */
export const MARKETS_POLL_MS = 2_000;

/**
 * `POST market/getMarkets`, kept live: deltas from `/api/ws` are applied to the snapshot; a gap
 * (a missed delta) or a reconnect fetches the snapshot again; with the socket down it polls.
 */
export function useMatchMarkets(matchId: number) {
  const queryClient = useQueryClient();
  const isSocketOpen = useLiveSocketOpen();
  const query = useQuery({ ...marketsQuery(matchId), refetchInterval: isSocketOpen ? false : MARKETS_POLL_MS });

  useEffect(() => {
    const key = marketsQuery(matchId).queryKey;
    return liveSocket.follow(matchId, {
      onDelta(delta) {
        const current = queryClient.getQueryData<MarketsSnapshot>(key);
        if (!current) return;
        const outcome = applyDelta(current, delta);
        if (outcome.kind === 'applied') queryClient.setQueryData(key, outcome.snapshot);
        // A fetch already on its way is kept: cancelling it at every delta (4 a second) would
        // never let an answer slower than that land, and would ask again at every delta.
        else if (outcome.kind === 'gap') void queryClient.invalidateQueries({ queryKey: key }, { cancelRefetch: false });
      },
      onSubscribed() {
        void queryClient.invalidateQueries({ queryKey: key });
      },
    });
  }, [matchId, queryClient]);

  return query;
}
