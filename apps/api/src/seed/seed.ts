import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings, LIVE_TABLE_CODES } from '@app/shared';
import { apiFile } from '../config/paths';
import type { Clock } from '../lib/clock';
import { insertMissingSettings, listSettingRows } from '../modules/settings';
import { insertMissingSports } from '../modules/sports';
import type { ImageStore } from '../modules/uploads';
import { CUSTOMER_USER_TYPE, createUser, findUserByNameKey, type NewUser } from '../modules/users';
import { AppError } from '../lib/app-error';
import { createMoneyModule } from '../modules/money';
import { createDrandRelay, createRoundChains, DEMO_CHAIN_LENGTH } from '../modules/fair-games';
import type { Db } from '../db/database';

const DEMO_ASSETS_DIR = apiFile('src/seed/assets');

/**
 * The customer account a fresh install has (README lists it). The Demo button needs no seeded
 * account: each demo login gets a fresh play-money account of its own.
 */
export const DEMO_ACCOUNTS = {
  player: { userName: 'player1', password: 'Player2026' },
} as const;
/** player1's opening cash on a demo install, in rupees. */
const DEMO_PLAYER_OPENING_RUPEES = '10000';

/**
 * Everything the product needs to run: the settings defaults and the sports catalogue. Safe to
 * run at every start; it only adds what is missing.
 */
export async function seedReferenceData(db: Db, clock: Clock): Promise<void> {
  await insertMissingSettings(db, DEFAULT_GLOBAL_SETTINGS, clock.now());
  await insertMissingSports(db);
}

/**
 * Demo data for a fresh install: branding images, a site message and the demo accounts. Runs
 * only on a database that has no settings yet, so an operator's choices are never overwritten.
 */
export async function seedDemoDataOnFirstStart(db: Db, clock: Clock, images: ImageStore): Promise<boolean> {
  const isFirstStart = (await listSettingRows(db)).length === 0;
  if (!isFirstStart) return false;
  const demoSettings: Partial<GlobalSettings> = {
    site_message: 'Welcome to the demo site. Play responsibly: set your limits before you play.',
    ...(await storeDemoImages(images)),
  };
  await insertMissingSettings(db, demoSettings as Record<string, string>, clock.now());
  await seedReferenceData(db, clock);
  const isPlayerNew = await ensureUser(db, clock, {
    ...DEMO_ACCOUNTS.player,
    userTypeId: CUSTOMER_USER_TYPE,
    isSignupUser: true,
    mobile: '9000000001',
  });
  if (isPlayerNew) {
    // Through the ledger like any operator credit, so `ledger verify` holds from the first start.
    await createMoneyModule({ db, clock }).wallet.operatorAdjust(
      'credit',
      DEMO_ACCOUNTS.player.userName,
      DEMO_PLAYER_OPENING_RUPEES,
      'Demo opening balance',
    );
  }
  // Crash and the live tables play from published chains: a demo install publishes one for each at
  // once, self-salted and startable at once (the offline fallback, labelled so on their pages); an
  // operator publishes drand-salted ones with a notice (`fair chain create`).
  const chains = createRoundChains({ db, clock, beacon: createDrandRelay([]), defaultNoticeMs: 0 });
  for (const gameCode of ['crash', ...LIVE_TABLE_CODES]) {
    if ((await chains.list(gameCode, 1)).length === 0) await chains.create({ gameCode, length: DEMO_CHAIN_LENGTH, salt: 'self' });
  }
  return true;
}

/**
 * Creates the user unless it exists and says whether this call created it; two instances
 * starting at once both succeed and only one of them gets true.
 */
async function ensureUser(db: Db, clock: Clock, user: NewUser): Promise<boolean> {
  if (await findUserByNameKey(db, user.userName.toLowerCase())) return false;
  return createUser(db, clock, user).then(
    () => true,
    (error: unknown) => {
      if (error instanceof AppError && error.code === 'CONFLICT') return false;
      throw error;
    },
  );
}

async function storeDemoImages(images: ImageStore): Promise<Partial<GlobalSettings>> {
  const files = await readdir(DEMO_ASSETS_DIR).catch(() => [] as string[]);
  const stored: Partial<GlobalSettings> = {};
  for (const key of ['logo', 'favicon', 'welcome_banner'] as const) {
    const file = files.find((name) => name.startsWith(`${key}.`));
    if (file) stored[key] = await images.storeImage(path.join(DEMO_ASSETS_DIR, file));
  }
  return stored;
}
