import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { Listeners, type UserChangeFeed, userChangesChannel } from './user-changes';

/**
 * Change notices between processes on PostgreSQL (docs/adr/0006-hot-reads-from-memory.md): one
 * mechanism for every change a copy is made of (balances, exposure, the active wallet, sessions).
 *
 * - **Telling.** The process that committed a change sends the ids of the users it changed in a
 *   NOTIFY on its own listener connection, and the writer's call waits for that NOTIFY to be
 *   committed before it returns (`whenTold`, awaited by the driver wrapper when it releases the
 *   connection): by the time the player has the answer, the notice is in PostgreSQL's queue.
 *   Commits that land while a NOTIFY is on its way share the next one.
 * - **Catching up.** Before a call is answered from copies, the process sends a NOTIFY of its own
 *   (a barrier) and waits to hear it back (`whenCaughtUp`). PostgreSQL delivers notifications in
 *   the order their transactions committed, so hearing the barrier means every notice committed
 *   before the call arrived has been heard, and the copies it dropped are gone. Calls that arrive
 *   while a barrier is out share the next one.
 * The listener reconnects every second when it drops; while it is down the feed is not live and
 * nothing is served from memory. A heartbeat through the channel proves it still hears.
 */
const RECONNECT_DELAY_MS = 1_000;
/** The listener proves it still hears every this often; a ping unheard for as long drops it. */
const HEARTBEAT_MS = 2_000;
const PING = 'ping';
/** A NOTIFY sent by a process after its commit: `s:<sender>:<ids>`. */
const SENDER_MARK = 's:';
/** A barrier: `b:<sender>:<n>`; only its sender waits for it, everyone else skips it. */
const BARRIER_MARK = 'b:';
/** User ids per NOTIFY payload (payloads stop at 8,000 bytes). */
const NOTIFY_IDS_PER_MESSAGE = 400;

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * Hears NOTIFY on a dedicated connection, opened on the first subscribe and reopened when it drops.
 * Until it listens the feed is not live, and every listener hears `null` when it drops.
 */
export function postgresUserChanges(config: pg.ClientConfig): UserChangeFeed {
  const listeners = new Listeners();
  let onError: (error: Error) => void = () => undefined;
  let client: pg.Client | undefined;
  let channelName: string | undefined;
  let live = false;
  let closed = false;
  let started = false;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  /** A ping was sent and not heard yet (anyone's ping heard proves the listener hears). */
  let pingOut = false;
  const senderId = randomUUID().slice(0, 8);

  // Barriers: the one out, and the one the calls that came after it wait for.
  let barrierNo = 0;
  let barrierOut: { no: number; heard: Deferred } | undefined;
  let nextBarrier: Deferred | undefined;

  /** Nothing is served from memory while the feed is not live: whoever waits may go on. */
  const releaseBarriers = () => {
    barrierOut?.heard.resolve();
    nextBarrier?.resolve();
    barrierOut = undefined;
    nextBarrier = undefined;
  };

  const sendBarrier = (listener: pg.Client, channel: string): Promise<void> => {
    barrierNo += 1;
    const heard = deferred();
    barrierOut = { no: barrierNo, heard };
    listener.query('select pg_notify($1, $2)', [channel, `${BARRIER_MARK}${senderId}:${barrierNo}`]).catch(lost);
    return heard.promise;
  };

  const heardBarrier = (no: number) => {
    if (barrierOut?.no !== no) return;
    barrierOut.heard.resolve();
    barrierOut = undefined;
    const waiting = nextBarrier;
    nextBarrier = undefined;
    if (waiting && client && channelName) void sendBarrier(client, channelName).then(waiting.resolve);
    else waiting?.resolve();
  };

  const lost = (error?: Error) => {
    if (error) onError(error);
    live = false;
    listeners.emit(null);
    releaseBarriers();
    clearInterval(heartbeat);
    pingOut = false;
    client?.removeAllListeners();
    void client?.end().catch(() => undefined);
    client = undefined;
    if (!closed && !retry) retry = setTimeout(() => void connect().catch(lost), RECONNECT_DELAY_MS);
  };

  // Telling: the ids reported since the last NOTIFY, the NOTIFY on its way, and the one after it.
  const toTell = new Set<number>();
  let telling: Promise<void> | undefined;
  let tellNext: Promise<void> | undefined;
  let tellScheduled = false;

  /** The connection that tells while no listener is live (the admin CLI has none); opened on first need. */
  let teller: { client: pg.Client; channel: string } | undefined;
  async function tellerConnection(): Promise<{ client: pg.Client; channel: string }> {
    if (teller) return teller;
    const next = new pg.Client(config);
    // A connection that drops between notices is opened anew by the next one.
    next.on('error', () => {
      if (teller?.client === next) teller = undefined;
    });
    await next.connect();
    const schema = (await next.query<{ name: string }>('select current_schema() as name')).rows[0]?.name ?? 'public';
    teller = { client: next, channel: userChangesChannel(schema) };
    return teller;
  }
  async function dropTeller(): Promise<void> {
    const current = teller;
    teller = undefined;
    await current?.client.end().catch(() => undefined);
  }

  /** One NOTIFY (or a few, for many ids) with every id reported so far. Never rejects. */
  async function tellPending(): Promise<void> {
    const ids = [...toTell];
    toTell.clear();
    if (ids.length === 0) return;
    const payloads: string[] = [];
    for (let start = 0; start < ids.length; start += NOTIFY_IDS_PER_MESSAGE) {
      payloads.push(`${SENDER_MARK}${senderId}:${ids.slice(start, start + NOTIFY_IDS_PER_MESSAGE).join(',')}`);
    }
    const listener = live ? client : undefined;
    if (listener && channelName) {
      for (const payload of payloads) await listener.query('select pg_notify($1, $2)', [channelName, payload]).catch(lost);
      return;
    }
    try {
      const { client: own, channel } = await tellerConnection();
      for (const payload of payloads) await own.query('select pg_notify($1, $2)', [channel, payload]);
    } catch (error) {
      onError(error as Error);
      await dropTeller();
    }
  }

  /** Settles once every id reported so far is in a committed NOTIFY. */
  function whenTold(): Promise<void> | undefined {
    if (toTell.size === 0) return telling;
    if (!telling) {
      const current = tellPending().finally(() => {
        if (telling === current) telling = undefined;
      });
      telling = current;
      return current;
    }
    // A NOTIFY is on its way: the ids since go in the next, sent when it is done.
    tellNext ??= telling.then(() => {
      tellNext = undefined;
      return whenTold();
    });
    return tellNext;
  }

  async function connect(): Promise<void> {
    retry = undefined;
    // keepAlive: the kernel notices a dead peer; the heartbeat notices a listener that hears nothing.
    const next = new pg.Client({ ...config, keepAlive: true });
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      let payload = message.payload ?? '';
      if (payload === PING) {
        pingOut = false;
        return;
      }
      if (payload.startsWith(BARRIER_MARK)) {
        pingOut = false;
        const end = payload.indexOf(':', BARRIER_MARK.length);
        if (payload.slice(BARRIER_MARK.length, end) === senderId) heardBarrier(Number(payload.slice(end + 1)));
        return;
      }
      // This process's own notices (already heard locally at commit) come back: skip them.
      if (payload.startsWith(SENDER_MARK)) {
        const end = payload.indexOf(':', SENDER_MARK.length);
        if (payload.slice(SENDER_MARK.length, end) === senderId) return;
        payload = payload.slice(end + 1);
      }
      for (const part of payload.split(',')) {
        const userId = Number(part);
        listeners.emit(Number.isSafeInteger(userId) ? userId : null);
      }
    });
    client = next;
    await next.connect();
    const schema = (await next.query<{ name: string }>('select current_schema() as name')).rows[0]?.name ?? 'public';
    const channel = userChangesChannel(schema);
    channelName = channel;
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    // Named after its channel, so that operators can see it in pg_stat_activity.
    await next.query(`select set_config('application_name', $1, false)`, [channel]);
    if (closed) return;
    // Copies made before the connection dropped may have missed notices.
    listeners.emit(null);
    live = true;
    heartbeat = setInterval(() => {
      if (pingOut) return lost(new Error(`change listener heard no ping for ${HEARTBEAT_MS} ms`));
      pingOut = true;
      next.query('select pg_notify($1, $2)', [channel, PING]).catch(lost);
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }

  return {
    get live() {
      return live;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (started) return;
      started = true;
      void connect().catch(lost);
    },
    report(userId) {
      listeners.emit(userId);
      toTell.add(userId);
      // The driver wrapper asks for the NOTIFY when it releases the connection; a report made any
      // other way is told at the end of this tick.
      if (!tellScheduled) {
        tellScheduled = true;
        queueMicrotask(() => {
          tellScheduled = false;
          void whenTold();
        });
      }
    },
    noticeOf(userIds) {
      if (!live || !channelName || userIds.length > NOTIFY_IDS_PER_MESSAGE) return undefined;
      return CompiledQuery.raw('select pg_notify($1, $2)', [channelName, `${SENDER_MARK}${senderId}:${userIds.join(',')}`]);
    },
    reportTold(userId) {
      listeners.emit(userId);
    },
    whenTold,
    whenCaughtUp() {
      if (!live || !client || !channelName) return undefined;
      if (!barrierOut) return sendBarrier(client, channelName);
      nextBarrier ??= deferred();
      return nextBarrier.promise;
    },
    catchUp() {},
    onError(handler) {
      onError = handler;
    },
    async close() {
      await whenTold();
      await dropTeller();
      closed = true;
      live = false;
      releaseBarriers();
      if (retry) clearTimeout(retry);
      clearInterval(heartbeat);
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      await current?.end().catch(() => undefined);
    },
  };
}
