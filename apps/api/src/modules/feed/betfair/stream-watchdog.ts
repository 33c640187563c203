/**
 * Notices a silent link: `onSilence` runs once nothing has arrived for `limitMs`. One timer per
 * connection, moved on lazily when it fires (not re-armed per line: a busy stream brings
 * thousands of lines a second). Monotonic time, so a change of the wall clock is no silence.
 */
export class SilenceWatchdog {
  private timer: NodeJS.Timeout | undefined;
  private lastHeardAt = 0;
  private isRunning = false;

  constructor(private readonly limitMs: number) {}

  start(onSilence: (silentMs: number) => void): void {
    this.stop();
    this.isRunning = true;
    this.lastHeardAt = performance.now();
    const silentMs = () => performance.now() - this.lastHeardAt;
    const check = () => {
      if (!this.isRunning) return;
      if (silentMs() < this.limitMs) {
        this.timer = setTimeout(check, this.limitMs - silentMs());
        return;
      }
      // Timers run before sockets are read: after a pause of this process (GC, a busy CPU) the
      // heartbeats may be waiting unread. Judge the link only once they have had their turn.
      setImmediate(() => {
        if (!this.isRunning) return;
        if (silentMs() < this.limitMs) return check();
        this.stop();
        onSilence(Math.round(silentMs()));
      });
    };
    this.timer = setTimeout(check, this.limitMs);
  }

  /** Something arrived. */
  heard(): void {
    this.lastHeardAt = performance.now();
  }

  stop(): void {
    this.isRunning = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
