/**
 * A local Betfair Exchange Stream server for the tests (test-only, never part of the product).
 * It speaks the protocol as Betfair documents it: TLS, CRLF-terminated JSON, a `connection`
 * message on connect, `authentication` checked against an app key and the live sessions,
 * `marketSubscription` answered with a SUB_IMAGE (split into SEG_START/SEG/SEG_END when larger
 * than `segmentBytes`) or, with `initialClk`/`clk`, a RESUB_DELTA from just after that clk,
 * heartbeats after `heartbeatMs` without data, and status errors with `connectionClosed`. The
 * data is a "tape" of recorded frames (apps/api/test/fixtures/betfair): the first is the image,
 * each frame's `clk` is where a re-subscription resumes.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createServer, type Server, type TLSSocket } from 'node:tls';
import { gunzipSync } from 'node:zlib';
import { LineReader } from '../../src/modules/feed/betfair/stream-lines';
import type {
  MarketChangeMessage,
  StatusErrorCode,
  StatusMessage,
  StreamClientMessage,
} from '../../src/modules/feed/betfair/stream-messages';

export const BETFAIR_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/betfair');
/** The token the server gives with every image; a re-subscription must bring it back. */
export const TEST_INITIAL_CLK = 'aW5pdGlhbC1jbGs=';

/** A recorded file (plain or .gz) as its frames; a frame without a clk gets its line number as one. */
export function readRecording(name: string): MarketChangeMessage[] {
  const raw = readFileSync(path.join(BETFAIR_FIXTURES, name));
  const text = (name.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const frame = JSON.parse(line) as MarketChangeMessage;
      return { ...frame, clk: frame.clk ?? `line-${index}` };
    });
}

/**
 * Recordings split per market from one stream (same clk and publish time on every line, as the
 * greyhound WIN and PLACE files are) put back together: one frame per moment, each market's
 * change in it.
 */
export function zipRecordings(...recordings: MarketChangeMessage[][]): MarketChangeMessage[] {
  const first = recordings[0]!;
  return first.map((frame, index) => {
    const same = recordings.map((recording) => recording[index]);
    if (same.some((other) => !other || other.clk !== frame.clk || other.pt !== frame.pt)) {
      throw new Error(`the recordings differ at line ${index}: not one stream`);
    }
    return { ...frame, mc: same.flatMap((other) => other!.mc ?? []) };
  });
}

export type StreamStep = 'authentication' | 'subscription';

export interface StreamServerOptions {
  tls: { cert: string; key: string };
  appKey: string;
  /** Session tokens the server accepts now (a test may add and remove them). */
  sessions: Set<string>;
  tape: MarketChangeMessage[];
  /** An image whose JSON is longer than this goes in segments, split between markets. */
  segmentBytes?: number;
  /** Frames written per turn of the event loop (the rest follow on the next turns). */
  framesPerTurn?: number;
}

export interface BetfairStreamServer {
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  /** Every message clients sent, in order, connections one after another. */
  received(): StreamClientMessage[];
  subscriptions(): Extract<StreamClientMessage, { op: 'marketSubscription' }>[];
  /** Data lines (image segments and frames) written on each connection, by connection. */
  linesWritten(): number[];
  /** The next `times` requests of this step are refused with `code` and the connection closed. */
  failNext(step: StreamStep, code: StatusErrorCode, times?: number): void;
  /**
   * The next subscription's connection stops after `lines` data lines: `stall` keeps the
   * connection open and sends nothing more (not even heartbeats), `drop` closes it at once.
   */
  interruptNext(lines: number, how: 'stall' | 'drop'): void;
  /**
   * The next subscription's connection holds its data after `lines` data lines: heartbeats only,
   * as a market where nothing happens, until `release()` plays the rest of the tape.
   */
  holdNext(lines: number): void;
  release(): void;
  /** Breaks every open connection now, without a status (a network fault). */
  dropConnections(): void;
  close(): Promise<void>;
}

interface Interruption {
  lines: number;
  how: 'stall' | 'drop' | 'hold';
}

const status = (fields: Omit<StatusMessage, 'op'>): StatusMessage => ({ op: 'status', ...fields });

export async function startBetfairStreamServer(options: StreamServerOptions): Promise<BetfairStreamServer> {
  const received: StreamClientMessage[] = [];
  const linesByConnection: number[] = [];
  const failures: { step: StreamStep; code: StatusErrorCode }[] = [];
  const interruptions: Interruption[] = [];
  const sockets = new Set<TLSSocket>();
  /** Connections' plays waiting for `release()`. */
  const held: (() => void)[] = [];
  let isReleased = false;
  const clkIndex = new Map(options.tape.map((frame, index) => [frame.clk!, index]));
  let connectionCount = 0;

  const serve = (socket: TLSSocket) => {
    const connection = connectionCount++;
    linesByConnection[connection] = 0;
    sockets.add(socket);
    const reader = new LineReader(1024 * 1024);
    let isAuthenticated = false;
    let isStopped = false;
    let lastWriteAt = performance.now();
    let heartbeat: NodeJS.Timeout | undefined;
    let interruption: Interruption | undefined;
    let subscriptionId = 0;
    let clk = '';

    const write = (message: object) => {
      if (isStopped || socket.destroyed) return;
      socket.write(`${JSON.stringify(message)}\r\n`);
      lastWriteAt = performance.now();
    };
    const stop = () => {
      isStopped = true;
      clearInterval(heartbeat);
    };
    const refuse = (id: number, code: StatusErrorCode, message: string) => {
      write(
        status({
          id,
          statusCode: 'FAILURE',
          errorCode: code,
          errorMessage: message,
          connectionClosed: true,
          connectionId: `c-${connection}`,
        }),
      );
      stop();
      socket.end();
    };
    /** Writes one data line unless the connection is to be interrupted first; false once it stops. */
    const writeData = (message: MarketChangeMessage): boolean => {
      if (isStopped) return false;
      if (interruption && interruption.how !== 'hold' && linesByConnection[connection]! >= interruption.lines) {
        stop();
        if (interruption.how === 'drop') socket.destroy();
        return false;
      }
      write(message);
      linesByConnection[connection]! += 1;
      return true;
    };

    const sendImage = (frame: MarketChangeMessage, extra: Partial<MarketChangeMessage>): boolean => {
      const image: MarketChangeMessage = {
        ...frame,
        ...extra,
        id: subscriptionId,
        ct: 'SUB_IMAGE',
        initialClk: TEST_INITIAL_CLK,
      };
      const limit = options.segmentBytes;
      if (!limit || JSON.stringify(image).length <= limit) return writeData(image);
      // Betfair cuts a large image between markets; the first segment carries initialClk, the last clk.
      const groups: MarketChangeMessage['mc'][] = [];
      let group: NonNullable<MarketChangeMessage['mc']> = [];
      let size = 0;
      for (const market of image.mc ?? []) {
        const bytes = JSON.stringify(market).length;
        if (group.length > 0 && size + bytes > limit) {
          groups.push(group);
          group = [];
          size = 0;
        }
        group.push(market);
        size += bytes;
      }
      groups.push(group);
      if (groups.length === 1) return writeData(image);
      return groups.every((markets, index) => {
        const isFirst = index === 0;
        const isLast = index === groups.length - 1;
        const { initialClk: _initial, clk: _clk, ...rest } = image;
        return writeData({
          ...rest,
          mc: markets,
          segmentType: isFirst ? 'SEG_START' : isLast ? 'SEG_END' : 'SEG',
          ...(isFirst ? { initialClk: TEST_INITIAL_CLK } : {}),
          ...(isLast ? { clk: image.clk } : {}),
        });
      });
    };

    const play = (from: number) => {
      let next = from;
      const turn = () => {
        for (let sent = 0; sent < (options.framesPerTurn ?? 20) && next < options.tape.length; sent += 1, next += 1) {
          if (interruption?.how === 'hold' && !isReleased && linesByConnection[connection]! >= interruption.lines) {
            held.push(turn);
            return;
          }
          const frame = options.tape[next]!;
          if (!writeData({ ...frame, id: subscriptionId })) return;
          clk = frame.clk!;
        }
        if (next < options.tape.length) setImmediate(turn);
      };
      turn();
    };

    const subscribe = (request: Extract<StreamClientMessage, { op: 'marketSubscription' }>) => {
      subscriptionId = request.id;
      interruption = interruptions.shift();
      const heartbeatMs = request.heartbeatMs ?? 5_000;
      const header = { heartbeatMs, conflateMs: request.conflateMs ?? 0 };
      write(status({ id: request.id, statusCode: 'SUCCESS', connectionClosed: false }));
      if (request.initialClk !== undefined || request.clk !== undefined) {
        const index = request.clk === undefined ? undefined : clkIndex.get(request.clk);
        if (request.initialClk !== TEST_INITIAL_CLK || index === undefined) {
          return refuse(request.id, 'INVALID_CLOCK', 'The clock is not one this stream gave');
        }
        clk = request.clk!;
        const following = options.tape[index + 1];
        // What was missed comes first, marked as the re-subscription's delta.
        const delta: MarketChangeMessage = following
          ? { ...following, id: subscriptionId, ct: 'RESUB_DELTA', initialClk: TEST_INITIAL_CLK, ...header }
          : { op: 'mcm', id: subscriptionId, pt: Date.now(), ct: 'RESUB_DELTA', initialClk: TEST_INITIAL_CLK, clk, ...header };
        if (!writeData(delta)) return;
        if (following) clk = following.clk!;
        play(index + 2);
      } else {
        const image = options.tape[0]!;
        if (!sendImage(image, header)) return;
        clk = image.clk!;
        play(1);
      }
      heartbeat = setInterval(
        () => {
          if (performance.now() - lastWriteAt >= heartbeatMs) {
            write({ op: 'mcm', id: subscriptionId, clk, pt: Date.now(), ct: 'HEARTBEAT' });
          }
        },
        Math.max(50, Math.floor(heartbeatMs / 4)),
      );
    };

    const onRequest = (request: StreamClientMessage) => {
      received.push(request);
      const step: StreamStep | undefined =
        request.op === 'authentication' ? 'authentication' : request.op === 'marketSubscription' ? 'subscription' : undefined;
      const failure = step && failures[0]?.step === step ? failures.shift() : undefined;
      if (failure) return refuse(request.id, failure.code, `Refused on demand: ${failure.code}`);
      if (request.op === 'authentication') {
        if (!request.appKey) return refuse(request.id, 'NO_APP_KEY', 'No application key');
        if (request.appKey !== options.appKey) return refuse(request.id, 'INVALID_APP_KEY', 'Invalid application key');
        if (!request.session) return refuse(request.id, 'NO_SESSION', 'No session');
        if (!options.sessions.has(request.session)) {
          return refuse(request.id, 'INVALID_SESSION_INFORMATION', 'Invalid session information');
        }
        isAuthenticated = true;
        return write(status({ id: request.id, statusCode: 'SUCCESS', connectionClosed: false, connectionsAvailable: 9 }));
      }
      if (!isAuthenticated) return refuse(request.id, 'NOT_AUTHORIZED', 'Authenticate first');
      if (request.op === 'marketSubscription') return subscribe(request);
      if (request.op === 'heartbeat') return write(status({ id: request.id, statusCode: 'SUCCESS', connectionClosed: false }));
    };

    socket.on('data', (chunk: Buffer) => {
      for (const line of reader.push(chunk)) onRequest(JSON.parse(line) as StreamClientMessage);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      stop();
      sockets.delete(socket);
    });
    write({ op: 'connection', connectionId: `c-${connection}` });
  };

  const server: Server = createServer({ cert: options.tls.cert, key: options.tls.key }, serve);
  // A client that gives up mid-handshake is no fault of the server's.
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connectionCount,
    received: () => [...received],
    subscriptions: () => received.filter((message) => message.op === 'marketSubscription'),
    linesWritten: () => [...linesByConnection],
    failNext(step, code, times = 1) {
      for (let index = 0; index < times; index += 1) failures.push({ step, code });
    },
    interruptNext(lines, how) {
      interruptions.push({ lines, how });
    },
    holdNext(lines) {
      interruptions.push({ lines, how: 'hold' });
    },
    release() {
      isReleased = true;
      for (const turn of held.splice(0)) setImmediate(turn);
    },
    dropConnections() {
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
