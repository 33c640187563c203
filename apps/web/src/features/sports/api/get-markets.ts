import { endpoints, type MarketsSnapshot } from '@app/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '@/lib/api-client';
import { applyDelta } from '../model/apply-delta';
import { liveSocket, useLiveSocketOpen } from '../model/live-socket';

/** Without the live socket the page polls this often. */
export const MARKETS_POLL_MS = 2_000;

export const marketsQuery = (matchId: number) =>
  queryOptions({
    queryKey: ['market', 'getMarkets', matchId] as const,
    queryFn: async ({ client, queryKey }) => {
      const fresh = (await callApi(endpoints.getMarkets, { match_id: matchId })).data;
      // A live delta may have moved the page past this answer while it was on its way.
      const held = client.getQueryData<MarketsSnapshot>(queryKey);
      return held && held.seq > fresh.seq ? held : fresh;
    },
    retry: (count, error) => count < 2 && !('status' in error && (error as { status: number }).status === 404),
  });

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
