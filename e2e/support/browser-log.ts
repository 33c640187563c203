import type { Logger } from 'playwright-core';

/**
 * The browser journeys' last Playwright calls, kept so that a journey that runs out of time can
 * say which call never answered (page.evaluate, context.close and others have no timeout of
 * their own). Read by the browser project's setup file when a journey fails. Repeats of one call
 * with one outcome (a poll) are kept as one line.
 */
const KEPT_CALLS = 40;
interface Call {
  name: string;
  startedAt: number;
  endedAt?: number;
  outcome?: string;
  repeats: number;
}
const calls: Call[] = [];
let journeyStart = performance.now();

function record(message: string): void {
  const at = Math.round(performance.now() - journeyStart);
  const [, arrow, name, word] = /^(=>|<=) (\S+) (\w+)$/.exec(message) ?? [];
  if (!name || !word) return;
  if (arrow === '=>') {
    calls.push({ name, startedAt: at, repeats: 1 });
    if (calls.length > KEPT_CALLS) calls.shift();
    return;
  }
  const index = calls.findLastIndex((call) => call.name === name && call.outcome === undefined);
  const call = calls[index];
  if (!call) return;
  call.endedAt = at;
  call.outcome = word;
  const before = calls[index - 1];
  if (index === calls.length - 1 && before?.name === name && before.outcome === word) {
    before.endedAt = at;
    before.repeats += 1;
    calls.pop();
  }
}

export const browserLogger: Logger = {
  isEnabled: (name) => name === 'api',
  log: (_name, _severity, message) => record(String(message)),
};

/** Starts a fresh record (each journey). */
export function clearBrowserLog(): void {
  calls.length = 0;
  journeyStart = performance.now();
}

/** The kept calls, oldest first, with their times since the journey started. */
export function browserLogLines(): string[] {
  return calls.map((call) => {
    const times = call.repeats > 1 ? `${call.startedAt}–${call.endedAt} ms, ${call.repeats} times` : `${call.startedAt} ms`;
    return `${times}: ${call.name} ${call.outcome ?? 'started, no answer yet'}`;
  });
}
