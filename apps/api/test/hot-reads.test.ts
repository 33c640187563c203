import type { Balance } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userChangesChannel } from '../src/db/user-changes';
import { userAccountKey } from '../src/modules/ledger/ledger.repository';
import { type ApiPost, apiPost } from './accounts-support';
import { createPeerApp, type PeerApp, runAdminProcess, testDatabaseKind, withoutNotifyTriggers } from './test-app';
import { createWalletApiApp, PLAYER_PASSWORD, type WalletApiApp } from './wallet-support';
import { moneyTransaction } from '../src/db/unit-of-work';

/**
 * The balance poll is answered from in-memory copies of the session and the balance
 * (docs/adr/0006-hot-reads-from-memory.md). Whatever changes them, the player must see it at the
 * next poll: at once for changes made by this process, within moments for other processes.
 */
const IDLE_MINUTES = 30;
const OTHER_PROCESS_DEADLINE_MS = 3_000;
const OTHER_INSTANCE_DEADLINE_MS = 2_000;

let t: WalletApiApp;
beforeAll(async () => {
  t = await createWalletApiApp({ env: { SESSION_IDLE_MINUTES: String(IDLE_MINUTES) } });
  // PostgreSQL: nothing is served from memory until the change listener listens.
  await vi.waitFor(() => expect(t.database.userChanges.live).toBe(true), { timeout: 5_000 });
});
afterAll(async () => t.close());

function poll(token: string, post: ApiPost = t.post) {
  return post('user/getUserBalance', {}, { token });
}

async function balanceOf(token: string, post: ApiPost = t.post): Promise<Balance> {
  const res = await poll(token, post);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Balance;
}

/** Two polls: the first reads the database and keeps copies, the second is answered from them. */
async function warm(token: string, post: ApiPost = t.post): Promise<Balance> {
  const first = await balanceOf(token, post);
  expect(await balanceOf(token, post)).toEqual(first);
  return first;
}

async function expectRefused(token: string, code: 'SESSION_EXPIRED' | 'LOGGED_IN_ELSEWHERE', post: ApiPost = t.post) {
  const res = await poll(token, post);
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toMatchObject({ status: false, code });
}

/**
 * Sets a player's cash behind every notice's back: no RETURNING notice, and on PostgreSQL with
 * triggers off for the transaction (session_replication_role), so no NOTIFY either.
 */
async function setCashSilently(userId: number, paise: number): Promise<void> {
  await t.database.db.transaction().execute(async (trx) => {
    await withoutNotifyTriggers(trx);
    await trx
      .updateTable('ledger_accounts')
      .set({ balance: paise })
      .where('account_key', '=', userAccountKey(userId, 'cash'))
      .execute();
  });
}

/** Retries `check` until it passes, for at most `deadlineMs`. */
async function within(deadlineMs: number, check: () => Promise<void>): Promise<void> {
  try {
    await vi.waitFor(check, { timeout: deadlineMs, interval: 10 });
  } catch (error) {
    throw new Error(`not shown within ${deadlineMs} ms: ${(error as Error).message}`, { cause: error });
  }
}

describe(`the balance poll answered from memory (${testDatabaseKind()})`, () => {
  it('is answered from the copies once warm (a write that tells no one is not seen)', async () => {
    // The guard of every test below: if the poll always read the database, they would prove nothing.
    const { userId, token } = await t.newPlayer('hot_control');
    await t.credit(userId, 10_000);
    expect((await warm(token)).free_chip).toBe(100);
    await setCashSilently(userId, 99_900);
    expect((await balanceOf(token)).free_chip).toBe(100);
  });

  it('shows a credit and a debit by the ledger of this process at the very next poll', async () => {
    const { userId, token } = await t.newPlayer('hot_money');
    expect((await warm(token)).free_chip).toBe(0);
    await t.credit(userId, 50_000);
    expect((await balanceOf(token)).free_chip).toBe(500);
    await warm(token);
    await t.module.wallet.operatorAdjust('debit', 'hot_money', '120.50', 'correction');
    expect((await balanceOf(token)).free_chip).toBe(379.5);
  });

  it('shows the wallet chosen with updateUserWalletStatus at the very next poll', async () => {
    const { userId, token } = await t.newPlayer('hot_wallet');
    await moneyTransaction(t.database.db, { userIds: [userId], now: t.clock.now() }, (trx) =>
      t.module.bonuses.grant(trx, { userId, amount: 10_000, wallet: 'split', reason: 'welcome' }),
    );
    expect(await warm(token)).toMatchObject({ split_bonus: 100, active_wallet: 0 });
    expect((await t.post('user/updateUserWalletStatus', { status: 1 }, { token })).statusCode).toBe(200);
    expect((await balanceOf(token)).active_wallet).toBe(1);
    await warm(token);
    expect((await t.post('user/updateUserWalletStatus', { status: 0 }, { token })).statusCode).toBe(200);
    expect((await balanceOf(token)).active_wallet).toBe(0);
  });

  it('refuses the token at the very next poll after logout: 401 SESSION_EXPIRED', async () => {
    const { token } = await t.newPlayer('hot_logout');
    await warm(token);
    expect((await t.post('user/logout', {}, { token })).statusCode).toBe(200);
    await expectRefused(token, 'SESSION_EXPIRED');
  });

  it('refuses the old token at the very next poll after a second login: 401 LOGGED_IN_ELSEWHERE', async () => {
    const { token: first } = await t.newPlayer('hot_twice');
    await warm(first);
    const second = await t.login('hot_twice', PLAYER_PASSWORD);
    await expectRefused(first, 'LOGGED_IN_ELSEWHERE');
    expect((await balanceOf(second)).free_chip).toBe(0);
  });

  it('refuses the token at the very next poll after a password change', async () => {
    const { token } = await t.newPlayer('hot_password');
    await warm(token);
    const change = await t.post(
      'user/updatePassword',
      { old_password: PLAYER_PASSWORD, new_password: 'Changed2026x', confirm_password: 'Changed2026x' },
      { token },
    );
    expect(change.statusCode, change.body).toBe(200);
    await expectRefused(token, 'SESSION_EXPIRED');
  });

  it('expires an idle session at the first poll past the idle time, even with a fresh copy', async () => {
    const { token } = await t.newPlayer('hot_idle');
    // Polls do not count as activity: the session was last seen at login.
    // Past the limit, but within the minute the stored last-seen time may lag behind activity.
    t.clock.advance(IDLE_MINUTES * 60_000 + 30_000);
    await warm(token);
    // The copy is 40 s old (younger than its time to live), the session 31 min 10 s idle.
    t.clock.advance(40_000);
    await expectRefused(token, 'SESSION_EXPIRED');
  });

  it(`shows a credit by the admin CLI (another process) within ${OTHER_PROCESS_DEADLINE_MS} ms`, async () => {
    const { token } = await t.newPlayer('hot_cli_credit');
    expect((await warm(token)).free_chip).toBe(0);
    const cli = await runAdminProcess(
      t.databaseEnv,
      'wallet',
      'credit',
      '--name',
      'hot_cli_credit',
      '--amount',
      '250',
      '--reason',
      'goodwill',
    );
    expect(cli.code, cli.stderr).toBe(0);
    await within(OTHER_PROCESS_DEADLINE_MS, async () => expect((await balanceOf(token)).free_chip).toBe(250));
  });

  it(`refuses the token within ${OTHER_PROCESS_DEADLINE_MS} ms after the admin CLI disables the user`, async () => {
    const { token } = await t.newPlayer('hot_cli_disable');
    await warm(token);
    const cli = await runAdminProcess(t.databaseEnv, 'user', 'disable', '--name', 'hot_cli_disable');
    expect(cli.code, cli.stderr).toBe(0);
    await within(OTHER_PROCESS_DEADLINE_MS, () => expectRefused(token, 'SESSION_EXPIRED'));
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')('when the change listener of PostgreSQL drops', () => {
  it('reads the database until it listens again, then serves copies again', { timeout: 15_000 }, async () => {
    const { userId, token } = await t.newPlayer('hot_listener');
    await t.credit(userId, 100);
    expect((await warm(token)).free_chip).toBe(1);
    // Cut the LISTEN connection from the server side, as a database restart or a network cut would.
    const schema = t.databaseEnv.DATABASE_SCHEMA as string;
    const cut = await sql<{ done: boolean }>`
      select pg_terminate_backend(pid) as done from pg_stat_activity
      where application_name = ${userChangesChannel(schema)}`.execute(t.database.db);
    expect(cut.rows).toEqual([{ done: true }]);
    await vi.waitFor(() => expect(t.database.userChanges.live).toBe(false), { timeout: 5_000 });
    // Not live: every poll reads the database, so a change nobody announced still shows.
    await setCashSilently(userId, 12_300);
    expect((await balanceOf(token)).free_chip).toBe(123);
    // Listening again (it retries every second): copies are kept and served again.
    await vi.waitFor(() => expect(t.database.userChanges.live).toBe(true), { timeout: 5_000 });
    await warm(token);
    await setCashSilently(userId, 0);
    expect((await balanceOf(token)).free_chip).toBe(123);
    await t.credit(userId, 100);
    expect((await balanceOf(token)).free_chip).toBe(1);
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')('two API instances on one PostgreSQL schema', () => {
  let peer: PeerApp;
  let postToPeer: ApiPost;
  beforeAll(async () => {
    peer = await createPeerApp(t, t.clock);
    postToPeer = apiPost(peer.app);
    await vi.waitFor(() => expect(peer.database.userChanges.live).toBe(true), { timeout: 5_000 });
  });
  afterAll(async () => peer.close());

  it(`instance B shows a credit made by instance A within ${OTHER_INSTANCE_DEADLINE_MS} ms`, async () => {
    const { userId, token } = await t.newPlayer('hot_peer_credit');
    expect((await warm(token, postToPeer)).free_chip).toBe(0);
    await t.credit(userId, 75_000);
    await within(OTHER_INSTANCE_DEADLINE_MS, async () => expect((await balanceOf(token, postToPeer)).free_chip).toBe(750));
  });

  it(`instance B refuses a token within ${OTHER_INSTANCE_DEADLINE_MS} ms after it logs out on instance A`, async () => {
    const { token } = await t.newPlayer('hot_peer_logout');
    await warm(token, postToPeer);
    expect((await t.post('user/logout', {}, { token })).statusCode).toBe(200);
    await within(OTHER_INSTANCE_DEADLINE_MS, () => expectRefused(token, 'SESSION_EXPIRED', postToPeer));
  });
});
