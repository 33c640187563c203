import { createHash } from 'node:crypto';
import { CRASH_PAUSE_MS, type CrashRoundView } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/run-admin';
import { crashPointOf } from '../src/modules/fair-games/crash.service';
import { apiPost } from './accounts-support';
import { type CasinoTestApp, createCasinoTestApp, tokenOf } from './casino-support';
import { createPeerApp, type PeerApp, testDatabaseKind } from './test-app';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const CHAIN_LENGTH = 10;

let t: CasinoTestApp;
let peer: PeerApp;

async function crashPlayer(name: string) {
  const p = await t.newPlayer(name);
  await t.credit(p.userId, 100_000);
  const url = (await t.launch(p.token, 'crash')).json().data.url as string;
  return { ...p, gameToken: tokenOf(url) };
}

// Several instances share one database on PostgreSQL (docs/adr/0001): two in one process on
// one SQLite file would stall each other in the synchronous driver's busy waits.
describe.skipIf(testDatabaseKind() !== 'postgres')('Crash rounds on two instances of one PostgreSQL database', () => {
  beforeAll(async () => {
    t = await createCasinoTestApp({ env: { SEED_DEMO_DATA: '0' } });
    // A second API instance on the same database, as another server process would run it.
    peer = await createPeerApp(t, t.clock);
    const code = await runAdmin(
      ['crash', 'chain', 'create', '--length', String(CHAIN_LENGTH), '--salt', 'self', '--notice-minutes', '0', '--docs', 'none'],
      t.config,
      { out: () => undefined, err: () => undefined },
      t.clock,
    );
    expect(code).toBe(0);
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  it('open the same rounds of the chain, reveal the same hashes and settle each bet once', async () => {
    const postToPeer = apiPost(peer.app);
    const a = await crashPlayer('chaina');
    const b = await crashPlayer('chainb');
    const stateOn = async (post: typeof postToPeer, token: string) => {
      const res = await post('fair/crashState', { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { round: CrashRoundView };
    };
    const terminating = (await t.get('fair/crashChains')).json().data.chains[0].terminating_hash as string;
    let previous = terminating;

    for (let position = 1; position <= CHAIN_LENGTH; position += 1) {
      // Both instances asked at once, when a round is due: one opens it, both show it.
      const [onA, onB] = await Promise.all([stateOn(t.post, a.gameToken), stateOn(postToPeer, b.gameToken)]);
      expect(onB.round).toEqual(onA.round);
      expect(onA.round).toMatchObject({ phase: 'betting', server_seed_hash: previous, chain: { position } });
      // A bet on each instance; B's cashes out automatically at 1.10×.
      expect((await t.post('fair/crashBet', { token: a.gameToken, stake: 10 })).statusCode).toBe(200);
      expect((await postToPeer('fair/crashBet', { token: b.gameToken, stake: 10, auto_cashout: 1.1 })).statusCode).toBe(200);

      const row = await t.database.db
        .selectFrom('fair_crash_rounds')
        .select('crashed_at')
        .where('round_number', '=', onA.round.round_number)
        .executeTakeFirstOrThrow();
      t.clock.advance(Number(row.crashed_at) - t.clock.now() + CRASH_PAUSE_MS);
      const roundPath = `fair/crashRound?round_number=${onA.round.round_number}`;
      const doneA = (await t.get(roundPath)).json().data as CrashRoundView;
      const doneB = (await peer.app.inject({ method: 'GET', url: `/api/${roundPath}` })).json().data as CrashRoundView;
      expect(doneB).toEqual(doneA);
      const hash = doneA.server_seed ?? '';
      expect(sha256(hash)).toBe(previous);
      expect(Math.round((doneA.crash_point ?? 0) * 100)).toBe(crashPointOf(hash, doneA.chain?.salt ?? ''));
      previous = hash;
    }

    // Every position of the chain played once, in order, as consecutive rounds.
    const rounds = await t.database.db
      .selectFrom('fair_crash_rounds')
      .select(['round_number', 'chain_position'])
      .orderBy('round_number')
      .execute();
    expect(rounds.map((round) => Number(round.chain_position))).toEqual(Array.from({ length: CHAIN_LENGTH }, (_, i) => i + 1));
    // The chain is used up: both instances close Crash.
    expect((await t.post('fair/crashState', { token: a.gameToken })).statusCode).toBe(422);
    expect((await postToPeer('fair/crashState', { token: b.gameToken })).statusCode).toBe(422);

    // Each bet settled exactly once: A's without a cash-out lost, B's paid 1.10× where the round reached it.
    const bets = await t.database.db
      .selectFrom('fair_crash_bets as bet')
      .innerJoin('fair_crash_rounds as round', 'round.round_number', 'bet.round_number')
      .select(['bet.token', 'bet.payout', 'bet.is_settled', 'round.crash_point'])
      .execute();
    expect(bets).toHaveLength(2 * CHAIN_LENGTH);
    for (const bet of bets) {
      expect(Number(bet.is_settled)).toBe(1);
      const expected = bet.token === b.gameToken && Number(bet.crash_point) >= 110 ? 1_100 : 0;
      expect(Number(bet.payout)).toBe(expected);
    }
    const paidToB = bets.filter((bet) => bet.token === b.gameToken).reduce((sum, bet) => sum + Number(bet.payout), 0);
    expect(await t.cashOf(b.userId)).toBe(100_000 - CHAIN_LENGTH * 1_000 + paidToB);
    expect(await t.cashOf(a.userId)).toBe(100_000 - CHAIN_LENGTH * 1_000);
  });
});
