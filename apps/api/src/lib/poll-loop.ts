/**
 * Runs `poll` every `intervalMs`, counted from the end of the last run, from `start()` until
 * `stop()`: a failed run goes to `onError` and the loop goes on. `stop()` waits for a run in progress.
 * The job runner and the outbox relay poll this way.
 */
export function pollLoop(poll: () => Promise<unknown>, intervalMs: number, onError: (error: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let current: Promise<unknown> | undefined;
  const tick = () => {
    if (stopped) return;
    current = poll()
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs).unref();
      });
  };
  return {
    start(): void {
      stopped = false;
      timer = setTimeout(tick, intervalMs).unref();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
