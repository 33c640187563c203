import type { Db } from '../../db/database';

export async function listSettingRows(db: Db): Promise<{ key: string; value: string }[]> {
  return db.selectFrom('global_settings').select(['key', 'value']).execute();
}

export async function upsertSetting(db: Db, key: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('global_settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

export async function insertMissingSettings(db: Db, values: Record<string, string>, now: number): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value, updated_at: now }));
  if (rows.length === 0) return;
  await db
    .insertInto('global_settings')
    .values(rows)
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
