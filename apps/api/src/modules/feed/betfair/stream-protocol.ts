import { StreamProtocolError } from './stream-lines';
import type { MarketChangeMessage, StatusMessage, StreamClientMessage, StreamServerMessage } from './stream-messages';
import { resumeTokens, setStreamState, type StreamLink } from './stream-client-support';
import type { StreamRecovery } from './stream-recovery';
import { knownStatusCode, STATUS_ACTIONS } from './stream-status';

/** Reads the stream's messages: each whole line of connection `id`, authenticated with `token`. */
export interface StreamProtocol {
  onLine(id: number, line: string, token: string): void;
}

/**
 * The conversation on one connection (docs/feeds-stream.md): authenticate with the app key and
 * session once Betfair greets us, subscribe with the configured filters (resuming from the last
 * `initialClk`/`clk`), and hand every whole change (segments joined, heartbeats included) to the
 * sink in order. A status error ends the connection with its action (stream-status.ts).
 */
export function createStreamProtocol(link: StreamLink, recovery: Pick<StreamRecovery, 'endConnection'>): StreamProtocol {
  const { config, health, log, clock, watchdog, joiner } = link;
  const { endConnection } = recovery;
  let requestId = 0;
  let authenticationId = -1;
  let subscriptionId = -1;

  const send = (message: StreamClientMessage) => link.socket?.write(`${JSON.stringify(message)}\r\n`);

  function onStatus(id: number, message: StatusMessage) {
    if (typeof message.connectionsAvailable === 'number') health.connectionsAvailable = message.connectionsAvailable;
    if (message.statusCode === 'FAILURE') {
      const code = knownStatusCode(message.errorCode);
      const text = [message.errorCode !== code ? message.errorCode : undefined, message.errorMessage].filter(Boolean).join(': ');
      return endConnection(id, { code, message: text || code }, STATUS_ACTIONS[code]);
    }
    if (message.id === authenticationId) {
      health.isAuthenticated = true;
      subscriptionId = ++requestId;
      setStreamState(link, 'subscribing');
      const resume = resumeTokens(health) ?? {};
      send({
        op: 'marketSubscription',
        id: subscriptionId,
        ...resume,
        heartbeatMs: config.heartbeatMs,
        conflateMs: config.conflateMs,
        segmentationEnabled: true,
        marketFilter: config.marketFilter,
        marketDataFilter: config.marketDataFilter,
      });
    } else if (message.id === subscriptionId) {
      health.isSubscribed = true;
    }
  }

  function onChange(id: number, message: MarketChangeMessage) {
    // A change of an earlier subscription on this connection (there is none today): not ours.
    if (message.id !== undefined && message.id !== subscriptionId) return;
    let whole: MarketChangeMessage | undefined;
    try {
      whole = joiner.push(message);
    } catch (error) {
      if (error instanceof StreamProtocolError)
        return endConnection(id, { code: 'PROTOCOL_ERROR', message: error.message }, 'retry');
      throw error;
    }
    const sink = link.sink;
    if (!whole || !sink) return;
    health.isStale = whole.status === 503;
    try {
      sink.onChange(whole);
    } catch (error) {
      // The sink's fault, not the stream's: reconnecting would not apply the change either.
      log.error({ err: error }, 'betfair stream: the sink failed on a change');
    }
    // Only now does the resume point move past it.
    if (whole.initialClk) health.initialClk = whole.initialClk;
    if (whole.clk) health.clk = whole.clk;
    health.messages += 1;
    if (health.state !== 'live') {
      setStreamState(link, 'live');
      health.lastLiveAt = clock.now();
      link.attempt = 0;
      log.info({ connectionId: health.connectionId, resumed: whole.ct === 'RESUB_DELTA' }, 'betfair stream: live');
    }
  }

  return {
    onLine(id, line, token) {
      watchdog.heard();
      health.lastMessageAt = clock.now();
      let message: StreamServerMessage;
      try {
        message = JSON.parse(line) as StreamServerMessage;
      } catch {
        return endConnection(id, { code: 'PROTOCOL_ERROR', message: 'A line that is not JSON' }, 'retry');
      }
      switch (message.op) {
        case 'connection':
          health.connectionId = message.connectionId ?? null;
          authenticationId = ++requestId;
          setStreamState(link, 'authenticating');
          send({ op: 'authentication', id: authenticationId, appKey: config.appKey, session: token });
          return;
        case 'status':
          return onStatus(id, message);
        case 'mcm':
          return onChange(id, message);
        default:
          // Order changes and anything newer: not subscribed to, not ours to read.
          return;
      }
    },
  };
}
