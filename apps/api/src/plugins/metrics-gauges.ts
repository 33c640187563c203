import { stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { Gauge, type Registry } from 'prom-client';
import type { Clock } from '../lib/clock';

/**
 * Gauges an operator's alerts read (docs/deploy.md, "What to watch") beyond the requests and the
 * database: the odds feed's health and the disk under the files this instance writes. All read at
 * scrape time; nothing runs between scrapes.
 */

/** The odds feed as the metrics see it (modules/feed's `FeedHealth`). */
export type FeedHealthSource = () => { isConnected: boolean; lastMessageAt: number | null };

/**
 * `feed_connected` (1 or 0) and `feed_last_message_age_seconds`: any feed reports these two, so
 * one alert watches the simulator and a real stream alike. A feed computed when asked is never
 * behind (age 0).
 */
export function registerFeedGauges(registry: Registry, health: FeedHealthSource, clock: Clock): void {
  new Gauge({
    name: 'feed_connected',
    help: 'The odds feed is connected to its source (1) or not (0)',
    registers: [registry],
    collect() {
      this.set(health().isConnected ? 1 : 0);
    },
  });
  new Gauge({
    name: 'feed_last_message_age_seconds',
    help: 'Seconds since the odds feed last heard from its source, heartbeats included (0: computed when asked)',
    registers: [registry],
    collect() {
      const { lastMessageAt } = health();
      this.set(lastMessageAt === null ? 0 : Math.max(0, clock.now() - lastMessageAt) / 1000);
    },
  });
}

/** The files whose disk fills up on this instance: `store` label → a file or folder path. */
export interface WatchedStorage {
  /** SQLite only: the database file (its -wal beside it counts too). */
  sqliteFile?: string;
  /** Folders that grow with use: operator images, identity documents. */
  folders: Record<string, string>;
}

/** The nearest folder of `target` that exists (a folder made on first use may not yet). */
async function existingFolder(target: string): Promise<string> {
  let folder = path.resolve(target);
  for (;;) {
    try {
      if ((await stat(folder)).isDirectory()) return folder;
    } catch {
      // Not there yet: its parent holds the disk it will be on.
    }
    const parent = path.dirname(folder);
    if (parent === folder) return folder;
    folder = parent;
  }
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

/**
 * `disk_free_bytes{store}` and `disk_size_bytes{store}` of the filesystem under each watched
 * path (`database` for the SQLite file), and `sqlite_file_bytes`: the database file with its
 * write-ahead log. PostgreSQL's disk is its server's to watch (docs/deploy.md).
 */
export function registerDiskGauges(registry: Registry, storage: WatchedStorage): void {
  const stores: [string, string][] = [
    ...(storage.sqliteFile ? [['database', path.dirname(storage.sqliteFile)] as [string, string]] : []),
    ...Object.entries(storage.folders),
  ];
  const filesystems = async () =>
    Promise.all(
      stores.map(async ([store, folder]) => {
        const stats = await statfs(await existingFolder(folder));
        return { store, free: stats.bavail * stats.bsize, size: stats.blocks * stats.bsize };
      }),
    );
  // One statfs per store per scrape, shared by the two gauges.
  let reading: Promise<Awaited<ReturnType<typeof filesystems>>> | undefined;
  const read = () => {
    reading ??= filesystems().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  new Gauge({
    name: 'disk_free_bytes',
    help: 'Bytes free to this process on the filesystem under each store (database: the SQLite file; uploads; kyc)',
    labelNames: ['store'] as const,
    registers: [registry],
    async collect() {
      for (const { store, free } of await read()) this.set({ store }, free);
    },
  });
  new Gauge({
    name: 'disk_size_bytes',
    help: 'Size of the filesystem under each store',
    labelNames: ['store'] as const,
    registers: [registry],
    async collect() {
      for (const { store, size } of await read()) this.set({ store }, size);
    },
  });
  const sqliteFile = storage.sqliteFile;
  if (sqliteFile) {
    new Gauge({
      name: 'sqlite_file_bytes',
      help: 'The SQLite database file and its write-ahead log',
      registers: [registry],
      async collect() {
        const [main, wal] = await Promise.all([sizeOf(sqliteFile), sizeOf(`${sqliteFile}-wal`)]);
        this.set(main + wal);
      },
    });
  }
}
