import { type LiveTableCode, payoutPaise } from '@app/shared';
import { writeTransaction } from '../../db/unit-of-work';
import * as repo from './live-tables.repository';
import { betUuid, clientSeedOf, type Drawn, drawLiveRound, type LiveTablesDeps, roundId } from './live-tables-support';
import type { LiveWalletAccess } from './live-wallet';

/** Wins paid at once while settling a round. */
const SETTLE_CONCURRENCY = 64;
const SETTLE_BATCH = 1_000;
/** Open bets of a round closed this long ago are settled by any instance (its closer may have stopped). */
const SETTLE_GRACE_MS = 5_000;

export type Seeds = { server_seed: string; client_seed: string };

/** The wins of closed rounds, paid through the wallet; each keyed by its bet, so applied once. */
export interface LiveSettlement {
  /** Pays one bet's win (0 for a loss) and marks it settled; the win's id makes a repeat harmless. */
  settleBet(table: LiveTableCode, bet: repo.BetRow, seeds: Seeds): Promise<void>;
  /** Pays a closed round's bets in the background: the request or tick that closed it does not wait. */
  settleInBackground(table: LiveTableCode, bets: { bet: repo.BetRow; seeds: Seeds }[]): void;
  /**
   * Bets still open on rounds that have their result (a closer that stopped, a bet that raced the
   * close) are paid; bets whose request stopped before the wallet's answer was kept (still
   * `placing` after the round closed) are rolled back: the stake, if the wallet took it, goes back,
   * and a bet call arriving after is refused by the wallet.
   */
  settleDue(table: LiveTableCode): Promise<void>;
  /** Resolves once the wins being paid now are paid (tests and the bench). */
  settled(): Promise<void>;
  /** Waits for the wins being paid now, once (the module's stop). */
  drain(): Promise<void>;
}

export function createLiveSettlement({ db, clock, logger }: LiveTablesDeps, wallet: LiveWalletAccess): LiveSettlement {
  const settling = new Set<Promise<void>>();

  const draws = new Map<string, Drawn>();
  /** A round's draw, computed once for all its bets. */
  function drawnOf(table: LiveTableCode, seeds: { server_seed: string; client_seed: string }, roundNumber: number): Drawn {
    const key = `${roundId(table, roundNumber)}:${seeds.server_seed}`;
    let drawn = draws.get(key);
    if (!drawn) {
      if (draws.size > 100) draws.clear();
      drawn = drawLiveRound(table, seeds.server_seed, seeds.client_seed, roundNumber);
      draws.set(key, drawn);
    }
    return drawn;
  }

  function track(work: Promise<void>): void {
    settling.add(work);
    void work.finally(() => settling.delete(work));
  }

  async function settleBet(
    table: LiveTableCode,
    bet: repo.BetRow,
    seeds: { server_seed: string; client_seed: string },
  ): Promise<void> {
    const roundNumber = Number(bet.round_number);
    const drawn = drawnOf(table, seeds, roundNumber);
    const payout = payoutPaise(Number(bet.stake), drawn.multipliers[bet.spot] ?? 0);
    const uuid = betUuid(table, roundNumber, bet.player, bet.spot);
    const answer = await wallet.walletOrThrow().call('win', {
      token: bet.token,
      game_code: table,
      transaction_uuid: `${uuid}:win`,
      reference_transaction_uuid: `${uuid}:bet`,
      round: roundId(table, roundNumber),
      amount: payout,
      currency: 'INR',
    });
    if (answer.status !== 'RS_OK') throw new Error(`The win of ${uuid} was answered ${answer.status}`);
    // Through the unit of work: on SQLite it shares a commit with the wins being paid beside it.
    await writeTransaction(db, (tx) => repo.markBetSettled(tx, Number(bet.id), payout, clock.now()));
  }

  async function settleBets(table: LiveTableCode, bets: { bet: repo.BetRow; seeds: Seeds }[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < bets.length) {
        const { bet, seeds } = bets[next++] as { bet: repo.BetRow; seeds: Seeds };
        try {
          await settleBet(table, bet, seeds);
        } catch (error) {
          // Left open: the clock's next look settles it.
          logger.warn({ err: error, table, round: bet.round_number }, 'live table: a win could not be paid yet');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SETTLE_CONCURRENCY, bets.length) }, worker));
  }

  return {
    settleBet,

    settleInBackground(table, bets) {
      track(settleBets(table, bets));
    },

    async settleDue(table) {
      const closedBefore = clock.now() - SETTLE_GRACE_MS;
      const due = await repo.listDueBets(db, table, closedBefore, SETTLE_BATCH);
      if (due.length > 0)
        await settleBets(
          table,
          due.map((bet) => ({ bet, seeds: { server_seed: bet.server_seed, client_seed: clientSeedOf(bet) } })),
        );
      for (const bet of await repo.listStalePlacingBets(db, table, closedBefore, SETTLE_BATCH)) {
        const roundNumber = Number(bet.round_number);
        const uuid = betUuid(table, roundNumber, bet.player, bet.spot);
        const answer = await wallet.walletOrThrow().call('rollback', {
          token: bet.token,
          game_code: table,
          round: roundId(table, roundNumber),
          transaction_uuid: `${uuid}:rollback`,
          reference_transaction_uuid: `${uuid}:bet`,
        });
        if (answer.status === 'RS_OK') await repo.deletePlacingBet(db, table, roundNumber, bet.player, bet.spot);
        else
          logger.warn(
            { table, round: roundNumber, status: answer.status },
            'live table: a stopped bet could not be rolled back yet',
          );
      }
    },

    async settled() {
      while (settling.size > 0) await Promise.all([...settling]);
    },

    async drain() {
      await Promise.all([...settling]);
    },
  };
}
