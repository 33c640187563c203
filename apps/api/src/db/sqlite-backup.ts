import { existsSync, renameSync, rmSync } from 'node:fs';
import SQLite from 'better-sqlite3';

/**
 * A consistent online copy of a live SQLite database with SQLite's backup API
 * (docs/deploy.md "Backups"). The server may write all the while: after the first step the rest
 * is copied in one step, inside one read snapshot (WAL lets writers go on meanwhile), and a
 * write that lands between steps makes SQLite start that step over from the first page, so the
 * copy is always one committed state. It is written beside the target and renamed into place only
 * after SQLite's own check of the copy passes, so FILE is whole or absent.
 */
export async function backupSqlite(source: SQLite.Database, file: string): Promise<{ pages: number }> {
  if (existsSync(file)) throw new Error(`${file} already exists; a backup never overwrites a file`);
  const partial = `${file}.partial-${process.pid}`;
  try {
    const result = await source.backup(partial, { progress: ({ remainingPages }) => Math.max(1, remainingPages) });
    const copy = new SQLite(partial, { readonly: true, fileMustExist: true });
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy failed SQLite's quick_check: ${String(check)}`);
    } finally {
      copy.close();
    }
    renameSync(partial, file);
    return { pages: result.totalPages };
  } finally {
    rmSync(partial, { force: true });
  }
}
