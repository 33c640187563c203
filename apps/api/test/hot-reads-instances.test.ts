import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { moneyTransaction } from '../src/db/unit-of-work';
import { type ApiPost, apiPost } from './accounts-support';
import { findOpenMatchOdds, type OpenMarket, placeBet } from './bets-support';
import { createPeerApp, type PeerApp, testDatabaseKind } from './test-app';
import { createWalletApiApp, PLAYER_PASSWORD, type WalletApiApp } from './wallet-support';

/**
 * Every change the balance answer shows — the active wallet, the balances, the
 * exposure, the end of the session — made on instance A is seen by the very next call on
 * instance B, by one mechanism (docs/adr/0006-hot-reads-from-memory.md, "Other instances"). B's
 * copies are warm before each change (the poll is answered from memory), and B is asked at once
 * after A answered, as a player's next poll through a load balancer would be. Before the fix, a
 * balance change reached B's copies 5 ms or more after A answered, and a wallet-status change
 * (a trigger's NOTIFY) a moment after: 1–5 stale reads in 60 for the status alone.
 */
const ROUNDS = 500;
const CHANGES = ['wallet status', 'balance', 'exposure', 'session end'] as const;

let t: WalletApiApp;
let peer: PeerApp;
let onB: ApiPost;
let open: OpenMarket;

beforeAll(async () => {
  t = await createWalletApiApp({ env: { SIM_SEED: 'bets', SIM_SPEED: '1' } });
  peer = await createPeerApp(t, t.clock);
  onB = apiPost(peer.app);
  // PostgreSQL: nothing is served from memory until each instance's change listener listens.
  await vi.waitFor(() => expect(t.database.userChanges.live && peer.database.userChanges.live).toBe(true), { timeout: 10_000 });
  open = await findOpenMatchOdds(t);
}, 60_000);
afterAll(async () => {
  await peer?.close();
  await t?.close();
});

let ipCounter = 0;
const nextIp = () => `10.94.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function poll(post: ApiPost, token: string) {
  const res = await post('user/getUserBalance', {}, { token });
  return { status: res.statusCode, data: res.statusCode === 200 ? (res.json().data as Record<string, unknown>) : res.json() };
}

describe(`two API instances on one ${testDatabaseKind()} database`, () => {
  it(`${ROUNDS} changes on A, each read on B at once: 0 stale reads`, { timeout: 300_000 }, async () => {
    const name = 'instances1';
    const player = await t.newPlayer(name);
    await t.credit(player.userId, 100_000_000);
    await moneyTransaction(t.database.db, { userIds: [player.userId], now: t.clock.now() }, (trx) =>
      t.module.bonuses.grant(trx, { userId: player.userId, amount: 10_000, wallet: 'split', reason: 'welcome' }),
    );
    let token = player.token;
    let activeWallet = 0;
    const runner = open.market.runners[0]!;
    const bet = {
      match_id: open.matchId,
      market_id: open.market.market_id,
      selection_id: runner.selection_id,
      odds: runner.back[0]!.odds,
      stack: 100,
      is_back: 1,
    };
    const stale: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // B answers from its copies: read twice, the second from memory.
      expect((await poll(onB, token)).status).toBe(200);
      expect((await poll(onB, token)).status).toBe(200);
      const change = CHANGES[round % CHANGES.length]!;
      if (change === 'wallet status') {
        activeWallet = activeWallet === 0 ? 1 : 0;
        const res = await t.post('user/updateUserWalletStatus', { status: activeWallet }, { token });
        expect(res.statusCode, res.body).toBe(200);
      } else if (change === 'balance') {
        await t.credit(player.userId, 100 + round);
      } else if (change === 'exposure') {
        const res = await placeBet(t, 'bet/placeMarketBet', token, bet);
        expect(res.statusCode, res.body).toBe(200);
      } else {
        expect((await t.post('user/logout', {}, { token })).statusCode).toBe(200);
      }
      const seen = await poll(onB, token);
      if (change === 'session end') {
        if (seen.status !== 401) stale.push(`${round} ${change}: B answered ${seen.status}`);
        token = await t.login(name, PLAYER_PASSWORD, nextIp());
        continue;
      }
      // What A answers now is the database's truth (A heard its own change at its commit).
      const truth = await poll(t.post, token);
      if (!isDeepStrictEqual(seen, truth))
        stale.push(`${round} ${change}: B ${JSON.stringify(seen.data)}, A ${JSON.stringify(truth.data)}`);
    }
    expect(stale, `${stale.length} stale reads of ${ROUNDS}`).toEqual([]);
  });
});
