import { CRASH_TICK_MS, type CrashFlightMessage, crashDurationMs, crashSureToReach } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type CasinoTestApp, createCasinoTestApp, tokenOf } from './casino-support';
import { testDatabaseKind } from './test-app';

/**
 * Crash on the screen (docs/casino.md): the live socket tells a watcher the flight as the server's
 * clock sees it. Every `running` look comes before the crash moment (so the page may draw up to
 * crashSureToReach of it and never past the crash point), looks come every tick, the crash is told
 * at its moment with the point, and the next round opens at 1.00×. Real time: the flight runs on
 * timers, as in production.
 */
const realClock = { now: () => Date.now() };
/** A short flight: the round is moved to take off soon and crash at 1.30×. */
const POINT = 130;

let t: CasinoTestApp;
let url = '';

beforeAll(async () => {
  t = await createCasinoTestApp({ clock: realClock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws`;
}, 30_000);

afterAll(async () => {
  await t.close();
}, 30_000);

async function watchCrash(): Promise<{ socket: WebSocket; looks: { message: CrashFlightMessage; at: number }[] }> {
  const socket = new WebSocket(url);
  const looks: { message: CrashFlightMessage; at: number }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as CrashFlightMessage | { type: string };
    if (message.type === 'crash') looks.push({ message: message as CrashFlightMessage, at: Date.now() });
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'crash_subscribe' }));
  await expect.poll(() => looks.length).toBeGreaterThan(0);
  return { socket, looks };
}

describe(`Crash's flight on the live socket (${testDatabaseKind()})`, () => {
  it(
    'tells the flight only before its crash, every tick, then the crash at its moment and the next round',
    { timeout: 30_000 },
    async () => {
      // A player's visit opens the first round.
      const p = await t.newPlayer('flighta');
      const token = tokenOf((await t.launch(p.token, 'crash')).json().data.url as string);
      const opened = (await t.post('fair/crashState', { token })).json().data.round;
      const takeOff = Date.now() + 400;
      const crashAt = takeOff + crashDurationMs(POINT);
      await t.database.db
        .updateTable('fair_crash_rounds')
        .set({ betting_ends_at: takeOff, crashed_at: crashAt, crash_point: POINT })
        .where('round_number', '=', opened.round_number)
        .execute();

      const { socket, looks } = await watchCrash();
      expect(looks[0]!.message.round).toMatchObject({ round_number: opened.round_number, phase: 'betting', crash_point: null });
      await expect
        .poll(() => looks.some((look) => look.message.round.round_number === opened.round_number + 1), { timeout: 15_000 })
        .toBe(true);
      socket.close();

      const ours = looks.filter((look) => look.message.round.round_number === opened.round_number);
      const running = ours.filter((look) => look.message.round.phase === 'running');
      for (const { message } of running) {
        expect(message.now).toBeLessThan(crashAt);
        expect(message.round.crash_point).toBeNull();
        expect(message.round.server_seed).toBeNull();
        expect(crashSureToReach(message.now - takeOff)).toBeLessThanOrEqual(POINT);
      }
      // About one look a tick (a loaded machine's timers run late: at least a third of them).
      expect(running.length).toBeGreaterThanOrEqual(Math.floor(crashDurationMs(POINT) / CRASH_TICK_MS / 3));
      const crashed = ours.find((look) => look.message.round.phase === 'crashed');
      expect(crashed?.message.round.crash_point).toBe(POINT / 100);
      expect(crashed!.message.now).toBeGreaterThanOrEqual(crashAt);
      // Told at its moment, not at the next poll.
      expect(crashed!.at - crashAt).toBeLessThan(1_000);
      expect(ours.findIndex((look) => look === crashed)).toBeGreaterThan(ours.lastIndexOf(running.at(-1)!));
      const next = looks.find((look) => look.message.round.round_number === opened.round_number + 1)!;
      expect(next.message.round.phase).toBe('betting');
    },
  );
});
