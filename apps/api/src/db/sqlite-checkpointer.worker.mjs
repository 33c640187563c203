// Checkpoints a SQLite file's write-ahead log on its own thread and connection
// (docs/adr/0021-sqlite-checkpoints-off-the-event-loop.md): the API's writer then never copies
// pages into the database file, nor waits for that file's fsync, inside a COMMIT. Plain JS so it
// starts without a TypeScript loader. workerData: {file, everyMs}. Message 'stop' ends it.
import { clearInterval, setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.file);
// A checkpoint syncs the log before it copies and the database file after: FULL, as the writer.
db.pragma('synchronous = FULL');
let copiedBefore = 0;
const timer = setInterval(() => {
  try {
    // PASSIVE: copies what no reader still needs, never waits for a reader or the writer.
    // `checkpointed`: the log's frames now in the database file (0 again once the log restarts).
    const [{ checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
    if (checkpointed > copiedBefore) parentPort?.postMessage({ frames: checkpointed - copiedBefore });
    copiedBefore = checkpointed;
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}, workerData.everyMs);

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
