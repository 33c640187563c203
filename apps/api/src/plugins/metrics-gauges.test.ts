import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { registerDiskGauges, registerFeedGauges } from './metrics-gauges';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** One series' value from the registry's text, e.g. `disk_free_bytes{store="uploads"}`. */
async function valueOf(registry: Registry, series: string): Promise<number | undefined> {
  const line = (await registry.metrics()).split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('feed gauges', () => {
  it('report a stream that went quiet: connected 0 and the seconds since its last message', async () => {
    const registry = new Registry();
    const now = 1_700_000_000_000;
    let health = { isConnected: true, lastMessageAt: (now - 2_000) as number | null };
    registerFeedGauges(registry, () => health, { now: () => now });
    expect(await valueOf(registry, 'feed_connected')).toBe(1);
    expect(await valueOf(registry, 'feed_last_message_age_seconds')).toBe(2);

    health = { isConnected: false, lastMessageAt: now - 95_000 };
    expect(await valueOf(registry, 'feed_connected')).toBe(0);
    expect(await valueOf(registry, 'feed_last_message_age_seconds')).toBe(95);
  });

  it('report a feed computed when asked (the simulator) as never behind', async () => {
    const registry = new Registry();
    registerFeedGauges(registry, () => ({ isConnected: true, lastMessageAt: null }), { now: () => 5_000 });
    expect(await valueOf(registry, 'feed_last_message_age_seconds')).toBe(0);
  });
});

describe('disk gauges', () => {
  it('report the filesystem under each store, folders not made yet included, and the SQLite file with its WAL', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'metrics-disk-'));
    folders.push(folder);
    const sqliteFile = path.join(folder, 'app.db');
    writeFileSync(sqliteFile, Buffer.alloc(4096));
    writeFileSync(`${sqliteFile}-wal`, Buffer.alloc(1000));
    const registry = new Registry();
    registerDiskGauges(registry, {
      sqliteFile,
      folders: { uploads: path.join(folder, 'uploads', 'not-yet') },
    });

    expect(await valueOf(registry, 'sqlite_file_bytes')).toBe(5096);
    for (const store of ['database', 'uploads']) {
      const free = await valueOf(registry, `disk_free_bytes{store="${store}"}`);
      const size = await valueOf(registry, `disk_size_bytes{store="${store}"}`);
      expect(free, store).toBeGreaterThan(0);
      expect(size, store).toBeGreaterThanOrEqual(free!);
    }
  });

  it('has no SQLite file gauge on PostgreSQL', async () => {
    const registry = new Registry();
    registerDiskGauges(registry, { folders: { uploads: tmpdir() } });
    expect(await valueOf(registry, 'sqlite_file_bytes')).toBeUndefined();
    expect(await valueOf(registry, 'disk_free_bytes{store="database"}')).toBeUndefined();
    expect(await valueOf(registry, 'disk_free_bytes{store="uploads"}')).toBeGreaterThan(0);
  });
});
