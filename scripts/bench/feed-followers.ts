import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { clientFrame, nowMs, readServerFrames } from './sports-live';

/**
 * A share of the feed bench's followers (feed.ts), in a process of its own: each socket follows
 * the recorded race and notes, for every delta frame, when the chunk holding it arrived and the
 * frame's `seq` (the Betfair feed's stream position: which recorded message it shows). The seq is
 * read from the frame's bytes, not parsed as JSON.
 *
 * The followers stand for players' browsers on other machines, but share this machine's two cores
 * with the API: each socket reads into one buffer of its process (net's `onread`), without a
 * stream or a Buffer per chunk, so that their work takes as little of the cores as it can. The
 * receipt time is taken first, before anything looks at the chunk.
 */
const [wsUrl = '', matchId = '0', count = '0'] = process.argv.slice(2);
const { hostname, port, pathname } = new URL(wsUrl);
const SEQ_MARKER = Buffer.from('"seq":');
const DELTA_MARKER = Buffer.from('"type":"delta"');
const SUBSCRIBED_MARKER = Buffer.from('"type":"subscribed"');
const HEADER_END = Buffer.from('\r\n\r\n');
/** Every socket of this process reads into this buffer; what a chunk leaves unfinished is copied. */
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);
/** [seq, receipt time] of every delta every socket of this process received. */
const received: [number, number][] = [];

function follow(): Promise<Socket> {
  const key = randomBytes(16).toString('base64');
  const expected = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
  return new Promise((resolve, reject) => {
    let isUpgraded = false;
    // The first delta is the match whole as the socket subscribed: no recorded change's.
    let isFirstDelta = true;
    /** Bytes of an unfinished header or frame, copied out of the shared buffer. */
    let pending: Buffer | null = null;

    const onFrames = (data: Buffer, at: number): number =>
      readServerFrames(data, socket, (payload) => {
        if (payload.subarray(0, 40).includes(DELTA_MARKER)) {
          if (isFirstDelta) {
            isFirstDelta = false;
            return;
          }
          const marker = payload.indexOf(SEQ_MARKER);
          const from = marker + SEQ_MARKER.length;
          received.push([Number.parseInt(payload.toString('latin1', from, from + 20), 10), at]);
        } else if (payload.includes(SUBSCRIBED_MARKER)) resolve(socket);
      });

    const onHeader = (data: Buffer): number => {
      const end = data.indexOf(HEADER_END);
      if (end < 0) return 0;
      const header = data.toString('latin1', 0, end);
      const accept = header
        .split('\r\n')
        .find((line) => line.toLowerCase().startsWith('sec-websocket-accept:'))
        ?.slice('sec-websocket-accept:'.length)
        .trim();
      if (!header.startsWith('HTTP/1.1 101')) reject(new Error(`no upgrade: ${header.split('\r\n', 1)[0]}`));
      else if (accept !== expected) reject(new Error('bad Sec-WebSocket-Accept'));
      isUpgraded = true;
      socket.write(clientFrame(0x1, Buffer.from(JSON.stringify({ type: 'subscribe', match_id: Number(matchId) }))));
      return end + HEADER_END.length;
    };

    const socket = connect({
      host: hostname,
      port: Number(port),
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback(bytes: number, buffer: Uint8Array) {
          const at = nowMs();
          const chunk = Buffer.from(buffer.buffer, buffer.byteOffset, bytes);
          let data = pending ? Buffer.concat([pending, chunk]) : chunk;
          if (!isUpgraded) {
            const used = onHeader(data);
            if (!isUpgraded) {
              pending = Buffer.from(data);
              return true;
            }
            data = data.subarray(used);
          }
          const done = onFrames(data, at);
          pending = done === data.length ? null : Buffer.from(data.subarray(done));
          return true;
        },
      },
    });
    socket.on('error', reject);
    socket.once('connect', () =>
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${key}\r\n\r\n`,
      ),
    );
  });
}

const sockets: Socket[] = [];
for (let start = 0; start < Number(count); start += 50) {
  sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, Number(count) - start) }, () => follow()))));
}
process.send?.({ type: 'ready' });
process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') received.length = 0;
  if (message.type === 'collect') {
    for (const socket of sockets) socket.destroy();
    process.send?.({ type: 'received', received }, () => process.exit(0));
  }
});
