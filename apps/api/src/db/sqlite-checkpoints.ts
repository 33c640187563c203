import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { apiFile } from '../config/paths';

// Found from the package root: the code also runs bundled into one file (dist/server.js).
const WORKER_SCRIPT = apiFile('src/db/sqlite-checkpointer.worker.mjs');
/** Commits before the checkpointer starts: a short-lived handle (a test, a CLI command) never starts one. */
const COMMITS_BEFORE_START = 100;
/** How often the checkpointer copies the log's new frames into the database file. */
const CHECKPOINT_EVERY_MS = 100;
/**
 * The writer's own checkpoint once the log holds this many frames (SQLite's default is 1,000):
 * the backstop for a checkpointer that is behind, and what restarts a log that load kept growing.
 */
const WRITER_CHECKPOINT_FRAMES = 10_000;

export interface BackgroundCheckpoints {
  /** The writer committed: counts, and starts the checkpointer at the COMMITS_BEFORE_START-th. */
  noteCommit(): void;
  /** Frames the checkpointer copied so far (for tests and a look at it). */
  readonly framesCopied: number;
  readonly isRunning: boolean;
  close(): Promise<void>;
}

/**
 * Checkpoints off the event loop (docs/adr/0021-sqlite-checkpoints-off-the-event-loop.md). With
 * SQLite's default, the COMMIT that takes the log past 1,000 frames copies them into the database
 * file and fsyncs it, on the one thread that runs every request: at 32 casino players at once that
 * was a millisecond per commit, more than the commit's own writes. A worker thread with its own
 * connection does it every 100 ms instead; the writer checkpoints only past 10,000 frames.
 */
export function backgroundCheckpoints(file: string, writer: SQLite.Database): BackgroundCheckpoints {
  let commits = 0;
  let worker: Worker | undefined;
  let framesCopied = 0;
  return {
    noteCommit() {
      commits += 1;
      if (commits !== COMMITS_BEFORE_START) return;
      worker = new Worker(WORKER_SCRIPT, { workerData: { file, everyMs: CHECKPOINT_EVERY_MS } });
      // It never keeps the process alive: an exit leaves a log the next open checkpoints.
      worker.unref();
      worker.on('message', (message: { frames?: number }) => {
        framesCopied += message.frames ?? 0;
      });
      // A checkpointer that failed leaves the checkpoints to the writer, as SQLite's default does
      // (unless the database is closing: then the writer is gone too).
      const started = worker;
      started.on('error', () => {
        if (worker !== started) return;
        worker = undefined;
        writer.pragma('wal_autocheckpoint = 1000');
      });
      writer.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_FRAMES}`);
    },
    get framesCopied() {
      return framesCopied;
    },
    get isRunning() {
      return worker !== undefined;
    },
    async close() {
      const running = worker;
      worker = undefined;
      if (!running) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.postMessage('stop');
      // A checkpoint may be under way: it ends first. One that hangs is stopped (SQLite recovers).
      const timer = setTimeout(() => void running.terminate(), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
