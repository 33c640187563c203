import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { nowMs } from './sports-live';

/**
 * A share of the feed bench's followers (feed.ts), in a process of its own: each socket follows
 * the recorded race and notes, for every delta frame, when the chunk holding it arrived and the
 * frame's `seq` (the Betfair feed's stream position: which recorded message it shows). The seq is
 * read from the frame's bytes, not parsed as JSON.
 */
const [wsUrl = '', matchId = '0', count = '0'] = process.argv.slice(2);
const SEQ_MARKER = Buffer.from('"seq":');
const DELTA_MARKER = Buffer.from('"type":"delta"');
const SUBSCRIBED_MARKER = Buffer.from('"type":"subscribed"');
/** [seq, receipt time] of every delta every socket of this process received. */
const received: [number, number][] = [];

function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const frame = Buffer.allocUnsafe(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let index = 0; index < payload.length; index++)
    frame[6 + index] = (payload[index] as number) ^ (mask[index % 4] as number);
  return frame;
}

function follow(): Promise<Socket> {
  const key = randomBytes(16).toString('base64');
  const expected = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
  return new Promise((resolve, reject) => {
    const request = httpRequest(wsUrl.replace(/^ws/, 'http'), {
      headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': key },
    });
    request.once('error', reject);
    request.once('response', (response) => reject(new Error(`no upgrade: HTTP ${response.statusCode}`)));
    request.once('upgrade', (response, socket, head) => {
      if (response.headers['sec-websocket-accept'] !== expected) return reject(new Error('bad Sec-WebSocket-Accept'));
      socket.setNoDelay(true);
      let pending: Buffer | null = head.length ? head : null;
      // The first delta is the match whole as the socket subscribed: no recorded change's.
      let isFirstDelta = true;
      const onChunk = (at: number) => {
        const data = pending as Buffer;
        let offset = 0;
        while (data.length - offset >= 2) {
          const opcode = (data[offset] as number) & 0x0f;
          let length = (data[offset + 1] as number) & 0x7f;
          let start = offset + 2;
          if (length === 126) {
            if (data.length - offset < 4) break;
            length = data.readUInt16BE(offset + 2);
            start = offset + 4;
          } else if (length === 127) {
            if (data.length - offset < 10) break;
            length = Number(data.readBigUInt64BE(offset + 2));
            start = offset + 10;
          }
          if (data.length < start + length) break;
          const payload = data.subarray(start, start + length);
          offset = start + length;
          if (opcode === 0x9) socket.write(clientFrame(0xa, payload));
          if (opcode !== 0x1) continue;
          if (payload.subarray(0, 40).includes(DELTA_MARKER)) {
            if (isFirstDelta) {
              isFirstDelta = false;
              continue;
            }
            const marker = payload.indexOf(SEQ_MARKER);
            const from = marker + SEQ_MARKER.length;
            received.push([Number.parseInt(payload.toString('latin1', from, from + 20), 10), at]);
          } else if (payload.includes(SUBSCRIBED_MARKER)) resolve(socket);
        }
        pending = offset === data.length ? null : data.subarray(offset);
      };
      socket.on('data', (chunk: Buffer) => {
        const at = nowMs();
        pending = pending ? Buffer.concat([pending, chunk]) : chunk;
        onChunk(at);
      });
      socket.on('error', reject);
      socket.write(clientFrame(0x1, Buffer.from(JSON.stringify({ type: 'subscribe', match_id: Number(matchId) }))));
      if (pending) onChunk(nowMs());
    });
    request.end();
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
