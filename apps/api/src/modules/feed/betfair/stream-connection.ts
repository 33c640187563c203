import { connect as connectTls, rootCertificates, type TLSSocket } from 'node:tls';
import { LineReader } from './stream-lines';
import { setStreamState, type StreamLink } from './stream-client-support';
import type { StreamProtocol } from './stream-protocol';
import type { StreamRecovery } from './stream-recovery';

/** With segmentation on, Betfair's lines stay far below this; a longer one is a broken stream. */
const MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * Opens one connection to the stream (docs/feeds-stream.md): a session token first (a new one
 * when `renewFirst`), then TLS to the configured host, its bytes cut into whole lines for the
 * protocol, and a watchdog that ends a connection silent for longer than the heartbeat allows.
 * Every fault of the connection goes to the recovery.
 */
export function createStreamOpener(
  link: StreamLink,
  recovery: Pick<StreamRecovery, 'endConnection' | 'onIdentityFault'>,
  protocol: StreamProtocol,
): (renewFirst: boolean) => Promise<void> {
  const { config, health, session, watchdog } = link;
  const { endConnection, onIdentityFault } = recovery;
  const ca = config.ca ? [...rootCertificates, config.ca] : undefined;

  return async function open(renewFirst: boolean) {
    if (!link.sink) return;
    const id = ++link.connection;
    setStreamState(link, 'connecting');
    let token: string;
    try {
      token = renewFirst ? await session.renew() : await session.token();
    } catch (error) {
      if (id === link.connection && link.sink) onIdentityFault(error);
      return;
    }
    health.session.renewedAt = session.renewedAt();
    if (id !== link.connection || !link.sink) return;
    const reader = new LineReader(MAX_LINE_BYTES);
    let tlsSocket: TLSSocket;
    try {
      tlsSocket = connectTls({ host: config.host, port: config.port, ...(ca ? { ca } : {}) });
    } catch (error) {
      // Options Node refuses at once (a CA that is not PEM): the same next time.
      return endConnection(id, { code: 'SOCKET_ERROR', message: (error as Error).message }, 'fatal');
    }
    link.socket = tlsSocket;
    watchdog.start((silentMs) =>
      endConnection(id, { code: 'HEARTBEAT_TIMEOUT', message: `Nothing from the stream for ${silentMs} ms` }, 'retry'),
    );
    tlsSocket.setNoDelay(true);
    tlsSocket.on('secureConnect', () => {
      if (id === link.connection) health.isConnected = true;
    });
    tlsSocket.on('data', (chunk: Buffer) => {
      if (id !== link.connection) return;
      let lines: string[];
      try {
        lines = reader.push(chunk);
      } catch (error) {
        return endConnection(id, { code: 'PROTOCOL_ERROR', message: (error as Error).message }, 'retry');
      }
      for (const line of lines) {
        if (id !== link.connection) return;
        protocol.onLine(id, line, token);
      }
    });
    tlsSocket.on('error', (error) => endConnection(id, { code: 'SOCKET_ERROR', message: error.message }, 'retry'));
    tlsSocket.on('close', () =>
      endConnection(id, { code: 'CONNECTION_CLOSED', message: 'The server closed the connection' }, 'retry'),
    );
  };
}
