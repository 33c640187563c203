import { createHmac } from 'node:crypto';
import {
  CRASH_BETTING_MS,
  CRASH_PAUSE_MS,
  CRASH_TICK_MS,
  type CrashBetView,
  type CrashFlightMessage,
  type CrashRoundView,
  crashDurationMs,
  crashMultiplierAt,
  crashPointOfHash,
  crashSureToReach,
  formatPaiseAsRupees,
  paiseToRupees,
  parseRupees,
} from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/ids';
import { type ChainRow, chainRef, closedMessage, type RoundChains } from './round-chain.service';
import * as repo from './crash.repository';
import type { WalletClient } from './wallet-client';

const GAME = 'crash';
const HISTORY = 12;
/**
 * The flight keeps the round's row in memory between ticks for at most this long: ten ticks a
 * second read no database, and a row changed underneath (a test that ends a round early) is
 * seen within a second.
 */
const FLIGHT_ROW_KEPT_MS = 1_000;

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();

/** A chain round's crash point (hundredths) from its hash and its chain's salt. */
export function crashPointOf(roundHash: string, salt: string): number {
  return crashPointOfHash(hmac, roundHash, salt);
}

function phaseOf(round: repo.CrashRoundRow, now: number): CrashRoundView['phase'] {
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

function betView(bet: repo.CrashBetRow): CrashBetView {
  return {
    round_number: Number(bet.round_number),
    stake: paiseToRupees(Number(bet.stake)),
    auto_cashout: bet.auto_cashout === null ? null : Number(bet.auto_cashout) / 100,
    cashout: bet.cashout === null ? null : Number(bet.cashout) / 100,
    payout: paiseToRupees(Number(bet.payout)),
    is_settled: Number(bet.is_settled) === 1,
  };
}

export interface CrashDeps {
  /** The player a game token belongs to, and their balance (paise), from the wallet. */
  player(token: string, gameCode: string): Promise<{ player: string; balance: number }>;
  stakeLimits: { min: number; max: number };
}

/**
 * Crash in shared rounds: every player bets on the same round, whose hash is the next one down a
 * published chain (round-chain.service.ts). Rounds follow each other on stored times, so any
 * process can serve them and nothing runs in the background: whoever asks first opens the next
 * round and settles the last. Every instance derives the same next round from the last one, and
 * the round number is unique, so instances agree.
 */
export function createCrashService(db: Db, clock: Clock, wallet: WalletClient, deps: CrashDeps, chains: RoundChains) {
  /** The round the live socket's flight last read (flight()). */
  let flightRow: { row: repo.CrashRoundRow; readAt: number } | undefined;

  chains.registerGame(GAME, (chainIds) => repo.playedPositions(db, chainIds));
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

  async function payWin(token: string, roundNumber: number, player: string, payout: number) {
    const round = `crash-${roundNumber}`;
    const answer = await wallet.call('win', {
      token,
      game_code: GAME,
      transaction_uuid: `${round}:${player}:win`,
      reference_transaction_uuid: `${round}:${player}:bet`,
      round,
      amount: payout,
      currency: 'INR',
    });
    // The bet's win was already paid with another amount: a second cash-out of the same bet.
    if (answer.status === 'RS_ERROR_DUPLICATE_TRANSACTION') throw new AppError('CONFLICT', 'This bet is already cashed out');
    if (answer.status !== 'RS_OK') throw new AppError('SERVICE_UNAVAILABLE', 'The win could not be paid yet; it will be');
    return answer;
  }

  /** Pays (or closes with 0) every bet of crashed rounds: auto cash-outs the round reached win. */
  async function settleDue(): Promise<void> {
    for (const bet of await repo.listDueBets(db, clock.now())) {
      const auto = bet.auto_cashout === null ? null : Number(bet.auto_cashout);
      const isWin = auto !== null && auto <= Number(bet.crash_point);
      const payout = isWin ? Math.floor((Number(bet.stake) * auto) / 100) : 0;
      try {
        // The win call is idempotent, so paying before marking is safe to repeat after a crash.
        await payWin(bet.token, Number(bet.round_number), bet.player, payout);
        await repo.markBetSettled(db, Number(bet.round_number), bet.player, isWin ? auto : null, payout);
      } catch {
        // Left open: the next request settles it (a cash-out racing the crash settles it itself).
      }
    }
  }

  return {
    async state(token: string) {
      const { player, balance } = await deps.player(token, GAME);
      await settleDue();
      const round = await currentRound();
      const now = clock.now();
      const mine = await repo.findCrashBet(db, Number(round.round_number), player);
      const bets = await repo.listRoundBets(db, Number(round.round_number));
      return {
        now,
        round: await viewOf(round, now),
        my_bet: mine ? betView(mine) : null,
        bets: bets.map((bet) => ({
          player: bet.player === player ? 'you' : `player …${bet.player.slice(-2)}`,
          stake: paiseToRupees(Number(bet.stake)),
          cashout: bet.cashout === null ? null : Number(bet.cashout) / 100,
        })),
        history: (await repo.recentCrashPoints(db, now, HISTORY)).map((row) => ({
          round_number: Number(row.round_number),
          crash_point: Number(row.crash_point) / 100,
        })),
        my_history: (await repo.listPlayerBets(db, player, HISTORY)).map(betView),
        balance: paiseToRupees(balance),
      };
    },

    async bet(token: string, stakeRupees: number, autoCashout: number | undefined) {
      const stake = parseRupees(stakeRupees);
      if (!stake.ok) throw new AppError('BAD_REQUEST', `Stake ${stake.reason}`);
      if (stake.paise < deps.stakeLimits.min || stake.paise > deps.stakeLimits.max) {
        throw new AppError(
          'BAD_REQUEST',
          `Stake must be from ${formatPaiseAsRupees(deps.stakeLimits.min)} to ${formatPaiseAsRupees(deps.stakeLimits.max)}`,
        );
      }
      const auto = autoCashout === undefined ? null : Math.round(autoCashout * 100);
      if (autoCashout !== undefined && Math.abs(autoCashout * 100 - (auto ?? 0)) > 1e-6) {
        throw new AppError('BAD_REQUEST', 'Auto cash-out has at most 2 decimals');
      }
      const { player } = await deps.player(token, GAME);
      await settleDue();
      const round = await currentRound();
      const roundNumber = Number(round.round_number);
      if (phaseOf(round, clock.now()) !== 'betting')
        throw new AppError('REFUSED', 'Bets are closed for this round; wait for the next one');
      try {
        await repo.insertCrashBet(db, {
          round_number: roundNumber,
          player,
          token,
          stake: stake.paise,
          auto_cashout: auto,
          created_at: clock.now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'You already have a bet in this round');
        throw error;
      }
      const answer = await wallet.call('bet', {
        token,
        game_code: GAME,
        transaction_uuid: `crash-${roundNumber}:${player}:bet`,
        round: `crash-${roundNumber}`,
        amount: stake.paise,
        currency: 'INR',
      });
      if (answer.status !== 'RS_OK') {
        await repo.deleteCrashBet(db, roundNumber, player);
        if (answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY') throw new AppError('INSUFFICIENT_BALANCE', 'Insufficient balance');
        throw new AppError(
          'REFUSED',
          answer.status === 'RS_ERROR_LIMIT_REACHED' && answer.message ? answer.message : 'The wallet did not take the bet',
        );
      }
      const bet = await repo.findCrashBet(db, roundNumber, player);
      if (!bet) throw new Error('The crash bet just written is missing');
      return { bet: betView(bet), balance: paiseToRupees(answer.balance ?? 0) };
    },

    /**
     * A manual cash-out. `atHundredths` is the multiplier the page showed: it is paid when the
     * flight is sure to reach it as the request arrives (still running, so the crash point is
     * above the multiplier now: crashSureToReach), else what the flight is sure of then. The
     * player gets what the button said, never a multiplier the round did not reach
     * (docs/casino.md "Crash on the screen").
     */
    async cashout(token: string, atHundredths?: number) {
      const { player } = await deps.player(token, GAME);
      const round = await currentRound();
      const roundNumber = Number(round.round_number);
      const now = clock.now();
      const bet = await repo.findCrashBet(db, roundNumber, player);
      if (!bet || Number(bet.is_settled) === 1) throw new AppError('REFUSED', 'You have no running bet to cash out');
      if (phaseOf(round, now) !== 'running') {
        throw new AppError(
          'REFUSED',
          phaseOf(round, now) === 'betting' ? 'The round has not started yet' : 'Too late: the round crashed',
        );
      }
      const elapsed = now - Number(round.betting_ends_at);
      const reached = Math.min(crashMultiplierAt(elapsed), Number(round.crash_point));
      const auto = bet.auto_cashout === null ? null : Number(bet.auto_cashout);
      const asked =
        atHundredths === undefined ? reached : Math.min(atHundredths, crashSureToReach(elapsed), Number(round.crash_point));
      // An auto cash-out the flight already passed took the bet out there.
      const at = auto !== null && auto <= Math.max(reached, asked) ? auto : asked;
      const payout = Math.floor((Number(bet.stake) * at) / 100);
      const answer = await payWin(token, roundNumber, player, payout);
      await repo.markBetSettled(db, roundNumber, player, at, payout);
      const settled = await repo.findCrashBet(db, roundNumber, player);
      if (!settled) throw new Error('The crash bet is missing');
      return { bet: betView(settled), balance: paiseToRupees(answer.balance ?? 0) };
    },

    /**
     * The flight as this instance's clock sees it now, for the live socket, and when to look
     * again: at take-off, every CRASH_TICK_MS while it flies (never past the crash moment), at
     * the crash, and when the next round opens. A `running` answer is sent only while the clock
     * is before the crash, so each one tells the page the flight reached at least
     * crashSureToReach of its `now`; nothing in it tells the crash point before the crash.
     */
    async flight(): Promise<{ message: CrashFlightMessage; nextAt: number }> {
      let now = clock.now();
      if (!flightRow || now >= Number(flightRow.row.crashed_at) || now - flightRow.readAt > FLIGHT_ROW_KEPT_MS) {
        await settleDue();
        flightRow = { row: await currentRound(), readAt: clock.now() };
        now = clock.now();
      }
      const round = flightRow.row;
      const phase = phaseOf(round, now);
      const nextAt =
        phase === 'betting'
          ? Number(round.betting_ends_at)
          : phase === 'running'
            ? Math.min(now + CRASH_TICK_MS, Number(round.crashed_at))
            : Number(round.crashed_at) + CRASH_PAUSE_MS;
      return { message: { type: 'crash', now, round: await viewOf(round, now) }, nextAt };
    },

    async round(roundNumber: number): Promise<CrashRoundView> {
      const round = await repo.findCrashRound(db, roundNumber);
      if (!round) throw new AppError('NOT_FOUND', 'No crash round has that number');
      return viewOf(round, clock.now());
    },

    /** The published chains, newest first. */
    chains: () => chains.list(GAME),
  };
}

export type CrashService = ReturnType<typeof createCrashService>;
