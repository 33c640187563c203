import { type ReactNode, startTransition, useEffect, useState } from 'react';

/** Longest wait for an idle moment before the held-back parts render anyway. */
const IDLE_TIMEOUT_MS = 1_000;

let hasSettled = false;
let isScheduled = false;
const waiting = new Set<() => void>();

function settle(): void {
  hasSettled = true;
  // One transition for every waiting part: one render (sliced) and one commit.
  startTransition(() => {
    for (const show of waiting) show();
  });
  waiting.clear();
}

function scheduleSettle(): void {
  if (isScheduled) return;
  isScheduled = true;
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(settle, { timeout: IDLE_TIMEOUT_MS });
  else window.setTimeout(settle, 0);
}

/**
 * Renders its children once the first page has rendered and the browser has had an idle moment;
 * from then on (every later page) at once, and at once whenever `isNeeded` says so (the phone
 * drawer being opened early). For parts out of sight at the start (the footer, the closed phone
 * drawer, sections below the fold): the first commit and its layout stay small, and these come
 * in a second, sliced render instead of one long task (docs/shell.md "Speed"). Everything held
 * back appears in the same commit, so nothing visible moves twice.
 */
export function AfterFirstPaint({ isNeeded = false, children }: { isNeeded?: boolean; children: ReactNode }) {
  const [isShown, setIsShown] = useState(hasSettled);
  // Once needed, kept: closing the drawer again does not take its content away.
  if (isNeeded && !isShown) setIsShown(true);
  useEffect(() => {
    if (isShown) return;
    const show = () => setIsShown(true);
    if (hasSettled) {
      startTransition(show);
      return;
    }
    waiting.add(show);
    scheduleSettle();
    return () => {
      waiting.delete(show);
    };
  }, [isShown]);
  return isShown ? children : null;
}
