import { createHmac } from 'node:crypto';
import {
  CRASH_BETTING_MS,
  CRASH_PAUSE_MS,
  type CrashBetView,
  type CrashRoundView,
  crashDurationMs,
  crashPointOfHash,
  paiseToRupees,
} from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/ids';
import { type ChainRow, chainRef, closedMessage, type RoundChains } from './round-chain.service';
import * as repo from './crash.repository';

export const GAME = 'crash';

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();

/** A chain round's crash point (hundredths) from its hash and its chain's salt. */
export function crashPointOf(roundHash: string, salt: string): number {
  return crashPointOfHash(hmac, roundHash, salt);
}

export function phaseOf(round: repo.CrashRoundRow, now: number): CrashRoundView['phase'] {
  if (now < Number(round.betting_ends_at)) return 'betting';
  return now < Number(round.crashed_at) ? 'running' : 'crashed';
}

function roundView(round: repo.CrashRoundRow, chain: ChainRow | undefined, now: number): CrashRoundView {
  const isOver = phaseOf(round, now) === 'crashed';
  return {
    round_number: Number(round.round_number),
    phase: phaseOf(round, now),
    server_seed_hash: round.server_seed_hash,
    betting_ends_at: Number(round.betting_ends_at),
    // Nothing that tells the crash point leaves before the crash.
    crash_point: isOver ? Number(round.crash_point) / 100 : null,
    crashed_at: isOver ? Number(round.crashed_at) : null,
    server_seed: isOver ? round.server_seed : null,
    // A round exists only once its chain started, so its salt is public.
    chain: chain ? chainRef(chain, Number(round.chain_position)) : null,
  };
}

export function betView(bet: repo.CrashBetRow): CrashBetView {
  return {
    round_number: Number(bet.round_number),
    stake: paiseToRupees(Number(bet.stake)),
    auto_cashout: bet.auto_cashout === null ? null : Number(bet.auto_cashout) / 100,
    cashout: bet.cashout === null ? null : Number(bet.cashout) / 100,
    payout: paiseToRupees(Number(bet.payout)),
    is_settled: Number(bet.is_settled) === 1,
  };
}

export type CrashRounds = ReturnType<typeof createCrashRounds>;

/**
 * Crash's rounds on stored times (docs/casino-fairness.md, "Round chains"): whoever asks first
 * opens the next round from the next chain position; the round number is unique, so instances agree.
 */
export function createCrashRounds(db: Db, clock: Clock, chains: RoundChains) {
  async function currentRound(): Promise<repo.CrashRoundRow> {
    const now = clock.now();
    const latest = await repo.latestCrashRound(db);
    if (latest && now < Number(latest.crashed_at) + CRASH_PAUSE_MS) return latest;
    const roundNumber = latest ? Number(latest.round_number) + 1 : 1;
    const source = await chains.nextPosition(GAME, latest);
    if (source.kind !== 'ready') throw new AppError('REFUSED', closedMessage('Crash', source));
    const hash = await chains.hashAt(source.chain, source.position);
    // A ready chain's salt is known: a drand chain is ready only once its beacon round is in.
    const crashPoint = crashPointOf(hash, source.chain.salt ?? '');
    const bettingEndsAt = now + CRASH_BETTING_MS;
    try {
      await repo.insertCrashRound(db, {
        round_number: roundNumber,
        server_seed: hash,
        // The hash this one hashes to: the round before's, or the terminating hash for position 1.
        server_seed_hash: sha256Hex(hash),
        crash_point: crashPoint,
        betting_ends_at: bettingEndsAt,
        crashed_at: bettingEndsAt + crashDurationMs(crashPoint),
        created_at: now,
        chain_id: source.chain.id,
        chain_position: source.position,
      });
      if (source.position === 1) await chains.markStarted(source.chain.id, roundNumber);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const round = await repo.findCrashRound(db, roundNumber);
    if (!round) throw new Error(`Crash round ${roundNumber} is missing`);
    return round;
  }

  async function viewOf(round: repo.CrashRoundRow, now: number): Promise<CrashRoundView> {
    return roundView(round, round.chain_id === null ? undefined : await chains.chain(Number(round.chain_id)), now);
  }

  return { currentRound, viewOf };
}
