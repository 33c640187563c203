import { adminEndpoints as api } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import { type StreamHealth, streamReadiness } from '../feed';
import type { ConsoleDeps } from './console-deps';
import { isoOrNull } from './console-support';

/** The stream's health on the wire: snake_case, times ISO, errors most frequent first. */
function streamWire(health: StreamHealth) {
  return {
    state: health.state,
    readiness: streamReadiness(health),
    host: health.host,
    port: health.port,
    connected: health.isConnected,
    authenticated: health.isAuthenticated,
    subscribed: health.isSubscribed,
    stale: health.isStale,
    connection_id: health.connectionId,
    connections_available: health.connectionsAvailable,
    last_message_at: isoOrNull(health.lastMessageAt),
    last_live_at: isoOrNull(health.lastLiveAt),
    initial_clk: health.initialClk,
    clk: health.clk,
    messages: health.messages,
    reconnects: health.reconnects,
    next_attempt_at: isoOrNull(health.nextAttemptAt),
    last_error: health.lastError && {
      code: health.lastError.code,
      message: health.lastError.message,
      at: isoOrNull(health.lastError.at)!,
      fatal: health.lastError.isFatal,
    },
    errors: Object.entries(health.errors)
      .map(([code, count]) => ({ code, count: count ?? 0 }))
      .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
    session: { source: health.session.source, renewed_at: isoOrNull(health.session.renewedAt) },
  };
}

/** The feed and its live stream (docs/feeds-stream.md, "The console"). */
export function registerConsoleFeedRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  registerEndpoint(app, api.adminFeed, () => {
    const health = deps.feed.streamHealth?.();
    return { data: { feed: deps.feed.name, stream: health ? streamWire(health) : null } };
  });
}
