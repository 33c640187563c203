import type { Logger } from 'playwright-core';

/**
 * The browser journeys' last Playwright calls, kept so that a journey that runs out of time can
 * say which call never answered (page.evaluate, context.close and others have no timeout of
 * their own). Read by the browser project's setup file when a journey fails.
 */
const KEPT_LINES = 40;
const lines: string[] = [];
let startedAt = performance.now();

export const browserLogger: Logger = {
  isEnabled: (name) => name === 'api',
  log: (_name, _severity, message) => {
    lines.push(`${Math.round(performance.now() - startedAt)} ms ${String(message)}`);
    if (lines.length > KEPT_LINES) lines.shift();
  },
};

/** Starts a fresh record (each journey). */
export function clearBrowserLog(): void {
  lines.length = 0;
  startedAt = performance.now();
}

/** The kept calls, oldest first, with the time since the journey started. */
export function browserLogLines(): readonly string[] {
  return lines;
}
