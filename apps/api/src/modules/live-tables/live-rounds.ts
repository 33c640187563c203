import { liveTable, type LiveRoundView, type LiveTableCode, type LiveTableMessage } from '@app/shared';
import { isUniqueViolation } from '../../db/errors';
import { writeTransaction } from '../../db/unit-of-work';
import { busTopics } from '../../lib/event-bus';
import { sha256Hex } from '../../lib/ids';
import { closedMessage } from '../fair-games';
import type { LiveSettlement } from './live-settlement';
import * as repo from './live-tables.repository';
import { clientSeedOf, drawLiveRound, type LiveTablesDeps, liveRoundView, roundId } from './live-tables-support';

/**
 * A round's two steps, each a write only one instance can win: opening round n inserts the unique
 * (table, n) row, closing it moves it from 'betting' to 'result'. The winner publishes the step.
 */
export interface LiveRoundSteps {
  /** The round as the API shows it, with its chain (cached by the chains). */
  viewOf(row: repo.RoundRow): Promise<LiveRoundView>;
  /**
   * Opens round n+1 unless another instance did first; answers the round now open, or why none can
   * open. Its seed is the next hash of the table's published chain, fixed before the chain's first
   * round: nothing is drawn when a round opens.
   */
  open(table: LiveTableCode, latest: repo.RoundRow | undefined): Promise<{ round: repo.RoundRow } | { closed: string }>;
  /** Closes a round whose betting time is over, unless another instance did; the closer settles it. */
  close(table: LiveTableCode, round: repo.RoundRow): Promise<void>;
}

export function createLiveRoundSteps(
  { db, clock, bus, timing, chains }: LiveTablesDeps,
  settlement: LiveSettlement,
): LiveRoundSteps {
  async function viewOf(row: repo.RoundRow): Promise<LiveRoundView> {
    return liveRoundView(row, row.chain_id === null ? undefined : await chains.chain(Number(row.chain_id)));
  }

  async function publish(table: LiveTableCode, event: LiveTableMessage['event'], row: repo.RoundRow) {
    const message: LiveTableMessage = { type: 'table', table, event, now: clock.now(), round: await viewOf(row) };
    bus.publish(busTopics.liveTable(table), message);
  }

  return {
    viewOf,

    async open(table, latest) {
      const source = await chains.nextPosition(table, latest);
      if (source.kind !== 'ready') return { closed: closedMessage(liveTable(table).name, source) };
      const roundNumber = latest ? Number(latest.round_number) + 1 : 1;
      const now = clock.now();
      const hash = await chains.hashAt(source.chain, source.position);
      let isOpener = true;
      try {
        await repo.insertRound(db, {
          table_code: table,
          round_number: roundNumber,
          server_seed: hash,
          // The hash this one hashes to: the round before's, or the chain's terminating hash.
          server_seed_hash: sha256Hex(hash),
          client_seed: source.chain.salt ?? '',
          chain_id: source.chain.id,
          chain_position: source.position,
          opened_at: now,
          betting_ends_at: now + timing.bettingMs,
          next_round_at: now + timing.bettingMs + timing.resultMs,
        });
        if (source.position === 1) await chains.markStarted(source.chain.id, roundNumber);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        isOpener = false;
      }
      const round = await repo.findRound(db, table, roundNumber);
      if (!round) throw new Error(`Live round ${roundId(table, roundNumber)} is missing`);
      if (isOpener) await publish(table, 'opened', round);
      return { round };
    },

    async close(table, round) {
      const roundNumber = Number(round.round_number);
      const drawn = drawLiveRound(table, round.server_seed, clientSeedOf(round), roundNumber);
      const isCloser = await writeTransaction(db, async (tx) => {
        // The lock makes a bet either land before the close or see the round closed.
        const locked = await repo.lockRound(tx, table, roundNumber);
        if (!locked || locked.status !== 'betting') return false;
        return repo.markRoundDrawn(tx, Number(locked.id), {
          outcome: JSON.stringify(drawn.outcome),
          winning_spots: JSON.stringify(drawn.winningSpots),
          result_label: drawn.label,
          closed_at: clock.now(),
        });
      });
      if (!isCloser) return;
      const closed = await repo.findRound(db, table, roundNumber);
      if (closed) await publish(table, 'result', closed);
      // In the background: the request or tick that closed the round does not wait for every win.
      const bets = await repo.listOpenRoundBets(db, table, roundNumber);
      settlement.settleInBackground(
        table,
        bets.map((bet) => ({ bet, seeds: { server_seed: round.server_seed, client_seed: clientSeedOf(round) } })),
      );
    },
  };
}
