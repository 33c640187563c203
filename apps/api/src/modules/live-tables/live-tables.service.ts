import { createHmac } from 'node:crypto';
import {
  fairFloats,
  isLiveTableCode,
  LIVE_SPOT_PAYS,
  LIVE_TABLE_CODES,
  type LiveBetView,
  liveFloatCount,
  liveResultLabel,
  type LiveRoundView,
  liveSpot,
  liveTable,
  type LiveTableCode,
  type LiveTableMessage,
  MULTIPLIER_SCALE,
  paiseToRupees,
  parseRupees,
  payoutPaise,
  resolveLiveRound,
  formatPaiseAsRupees,
  LIVE_MAX_STAKE_PAISE,
  LIVE_MIN_STAKE_PAISE,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { outsideTransactionScope } from '../../db/transaction-scope';
import { writeTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { busTopics, type EventBus } from '../../lib/event-bus';
import { sha256Hex } from '../../lib/ids';
import type { WalletAnswer, WalletOperation } from '../casino';
import { chainRef, type ChainRow, closedMessage, type RoundChains } from '../fair-games';
import * as repo from './live-tables.repository';

// The table's stake range is shared: the lobby's tiles show it (docs/casino.md "Live tables").
export { LIVE_MAX_STAKE_PAISE, LIVE_MIN_STAKE_PAISE };
const HISTORY = 12;
const PLAYER_CACHE_MS = 30_000;
/** The clock looks again at least this often (another instance may have moved the round on). */
const MAX_TICK_MS = 1_000;
const MIN_TICK_MS = 5;
/** Wins paid at once while settling a round. */
const SETTLE_CONCURRENCY = 64;
const SETTLE_BATCH = 1_000;
/** Open bets of a round closed this long ago are settled by any instance (its closer may have stopped). */
const SETTLE_GRACE_MS = 5_000;

export interface LiveWallet {
  call(operation: WalletOperation, body: Record<string, unknown>): Promise<WalletAnswer>;
}

export interface LiveTablesDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  logger: FastifyBaseLogger;
  timing: { bettingMs: number; resultMs: number };
  /** The published chains each table's rounds walk (docs/casino-fairness.md, "Round chains"). */
  chains: RoundChains;
}

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();

interface Drawn {
  outcome: unknown;
  multipliers: Record<string, number>;
  winningSpots: string[];
  label: string;
}

/**
 * A round's result from its seeds: the server seed is the round's chain hash, the client seed the
 * chain's salt (the table's code for rounds from before chains), the nonce the round number.
 */
export function drawLiveRound(code: LiveTableCode, serverSeed: string, clientSeed: string, roundNumber: number): Drawn {
  const table = liveTable(code);
  const floats = fairFloats(hmac, { serverSeed, clientSeed, nonce: roundNumber }, liveFloatCount(table));
  const { outcome, multipliers } = resolveLiveRound(table, floats);
  return {
    outcome,
    multipliers,
    winningSpots: Object.keys(multipliers).filter((spot) => (multipliers[spot] ?? 0) > 0),
    label: liveResultLabel(code, outcome),
  };
}

/** The round's client seed: its chain's salt, or the table's code for a round from before chains. */
const clientSeedOf = (row: { table_code: string; client_seed: string | null }) => row.client_seed ?? row.table_code;

export function liveRoundView(row: repo.RoundRow, chain: ChainRow | undefined): LiveRoundView {
  const isDrawn = row.status === 'result';
  return {
    table: row.table_code,
    round_number: Number(row.round_number),
    phase: row.status,
    server_seed_hash: row.server_seed_hash,
    client_seed: clientSeedOf(row),
    nonce: Number(row.round_number),
    opened_at: Number(row.opened_at),
    betting_ends_at: Number(row.betting_ends_at),
    next_round_at: Number(row.next_round_at),
    // Nothing that tells the result leaves before the round is closed.
    server_seed: isDrawn ? row.server_seed : null,
    outcome: isDrawn && row.outcome !== null ? (JSON.parse(row.outcome) as unknown) : null,
    winning_spots: isDrawn && row.winning_spots !== null ? (JSON.parse(row.winning_spots) as string[]) : [],
    result_label: isDrawn ? row.result_label : null,
    chain: chain && row.chain_position !== null ? chainRef(chain, Number(row.chain_position)) : null,
  };
}

function betView(row: repo.BetRow): LiveBetView {
  return {
    round_number: Number(row.round_number),
    spot: row.spot,
    stake: paiseToRupees(Number(row.stake)),
    payout: row.payout === null ? null : paiseToRupees(Number(row.payout)),
    is_settled: row.status === 'settled',
  };
}

function walletRefusal(answer: WalletAnswer): AppError {
  switch (answer.status) {
    case 'RS_ERROR_NOT_ENOUGH_MONEY':
      return new AppError('INSUFFICIENT_BALANCE', 'Insufficient balance');
    case 'RS_ERROR_INVALID_TOKEN':
    case 'RS_ERROR_TOKEN_EXPIRED':
      // Not 401: that would log the player out of the site; only the game session ended.
      return new AppError('REFUSED', 'Your game session has ended; open the table again');
    case 'RS_ERROR_USER_DISABLED':
      return new AppError('REFUSED', 'Your account cannot play right now');
    case 'RS_ERROR_LIMIT_REACHED':
      return new AppError('REFUSED', answer.message ?? 'This stake is not allowed right now');
    default:
      return new AppError('SERVICE_UNAVAILABLE', 'The wallet did not take the bet; try again');
  }
}

function checkTable(code: string): LiveTableCode {
  if (!isLiveTableCode(code)) throw new AppError('NOT_FOUND', 'No such live table');
  return code;
}

const roundId = (table: string, roundNumber: number) => `${table}:${roundNumber}`;
const betUuid = (table: string, roundNumber: number, player: string, spot: string) =>
  `${roundId(table, roundNumber)}:${player}:${spot}`;

/**
 * Live tables (docs/casino.md, "Live tables"). Each instance runs a clock per table it serves; a
 * round's steps are database writes only one instance can win: opening round n is an insert of
 * the unique (table, n) row, closing it a guarded update from 'betting' to 'result'. The winner
 * publishes the step on the event bus, which every instance relays to its sockets; the closer
 * pays every bet through the seamless wallet, each win keyed by its bet (applied once).
 */
export function createLiveTables({ db, clock, bus, logger, timing, chains }: LiveTablesDeps) {
  for (const code of LIVE_TABLE_CODES) chains.registerGame(code, (chainIds) => repo.playedPositions(db, chainIds));
  let wallet: LiveWallet | undefined;
  const players = new Map<string, { player: string; at: number }>();
  const clocks = new Map<LiveTableCode, { timer: NodeJS.Timeout | undefined; running: Promise<void> | undefined }>();
  let isStopped = false;
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

  function walletOrThrow(): LiveWallet {
    if (!wallet) throw new AppError('SERVICE_UNAVAILABLE', 'Live tables are starting; try again in a moment');
    return wallet;
  }

  async function resolvePlayer(token: string, table: string) {
    const answer = await walletOrThrow().call('balance', { token, game_code: table });
    if (answer.status !== 'RS_OK' || answer.user === undefined) throw walletRefusal(answer);
    players.set(token, { player: answer.user, at: clock.now() });
    return { player: answer.user, balance: answer.balance ?? 0 };
  }

  async function cachedPlayer(token: string, table: string): Promise<string> {
    const cached = players.get(token);
    if (cached && clock.now() - cached.at < PLAYER_CACHE_MS) return cached.player;
    return (await resolvePlayer(token, table)).player;
  }

  /** The round as the API shows it, with its chain (cached by the chains). */
  async function viewOf(row: repo.RoundRow): Promise<LiveRoundView> {
    return liveRoundView(row, row.chain_id === null ? undefined : await chains.chain(Number(row.chain_id)));
  }

  async function publish(table: LiveTableCode, event: LiveTableMessage['event'], row: repo.RoundRow) {
    const message: LiveTableMessage = { type: 'table', table, event, now: clock.now(), round: await viewOf(row) };
    bus.publish(busTopics.liveTable(table), message);
  }

  /**
   * Opens round n+1 unless another instance did first; answers the round now open, or why none can
   * open. Its seed is the next hash of the table's published chain, fixed before the chain's first
   * round: nothing is drawn when a round opens.
   */
  async function open(
    table: LiveTableCode,
    latest: repo.RoundRow | undefined,
  ): Promise<{ round: repo.RoundRow } | { closed: string }> {
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
  }

  /** Closes a round whose betting time is over, unless another instance did; the closer settles it. */
  async function close(table: LiveTableCode, round: repo.RoundRow): Promise<void> {
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
    track(
      settleBets(
        table,
        bets.map((bet) => ({ bet, seeds: { server_seed: round.server_seed, client_seed: clientSeedOf(round) } })),
      ),
    );
  }

  function track(work: Promise<void>): void {
    settling.add(work);
    void work.finally(() => settling.delete(work));
  }

  /** Pays one bet's win (0 for a loss) and marks it settled; the win's id makes a repeat harmless. */
  async function settleBet(
    table: LiveTableCode,
    bet: repo.BetRow,
    seeds: { server_seed: string; client_seed: string },
  ): Promise<void> {
    const roundNumber = Number(bet.round_number);
    const drawn = drawnOf(table, seeds, roundNumber);
    const payout = payoutPaise(Number(bet.stake), drawn.multipliers[bet.spot] ?? 0);
    const uuid = betUuid(table, roundNumber, bet.player, bet.spot);
    const answer = await walletOrThrow().call('win', {
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

  type Seeds = { server_seed: string; client_seed: string };
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

  /**
   * Bets still open on rounds that have their result (a closer that stopped, a bet that raced the
   * close) are paid; bets whose request stopped before the wallet's answer was kept (still
   * `placing` after the round closed) are rolled back: the stake, if the wallet took it, goes back,
   * and a bet call arriving after is refused by the wallet.
   */
  async function settleDue(table: LiveTableCode): Promise<void> {
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
      const answer = await walletOrThrow().call('rollback', {
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
  }

  /** One look at a table: closes and opens what is due. Answers when to look again, and why it is closed. */
  async function step(table: LiveTableCode): Promise<{ dueAt: number; closed?: string }> {
    let round = await repo.latestRound(db, table);
    if (round && round.status === 'betting' && clock.now() >= Number(round.betting_ends_at)) {
      await close(table, round);
      round = await repo.findRound(db, table, Number(round.round_number));
    }
    let closed: string | undefined;
    if (!round || (round.status === 'result' && clock.now() >= Number(round.next_round_at))) {
      const opened = await open(table, round);
      if ('closed' in opened) closed = opened.closed;
      else round = opened.round;
    }
    if (wallet) await settleDue(table);
    // Closed (no chain may start yet): look again in a while.
    if (closed !== undefined || !round) return { dueAt: clock.now() + MAX_TICK_MS, closed };
    return { dueAt: round.status === 'betting' ? Number(round.betting_ends_at) : Number(round.next_round_at) };
  }

  /** Runs the table's clock on this instance from now on (started by the first visitor). */
  function ensureClock(table: LiveTableCode): void {
    if (clocks.has(table) || isStopped) return;
    const state: { timer: NodeJS.Timeout | undefined; running: Promise<void> | undefined } = {
      timer: undefined,
      running: undefined,
    };
    clocks.set(table, state);
    const tick = () => {
      state.running = outsideTransactionScope(() =>
        step(table)
          .then(({ dueAt }) => Math.min(MAX_TICK_MS, Math.max(MIN_TICK_MS, dueAt - clock.now())))
          .catch((error: unknown) => {
            logger.error({ err: error, table }, 'live table clock step failed');
            return MAX_TICK_MS;
          })
          .then((delay) => {
            if (!isStopped) state.timer = setTimeout(tick, delay).unref();
          }),
      );
    };
    tick();
  }

  /**
   * The round now, opening or closing it first when due (a visitor never waits for a tick); when
   * no round can open (no chain may start yet), why, as the table's closed message.
   */
  async function currentRound(table: LiveTableCode): Promise<{ round: repo.RoundRow } | { closed: string }> {
    ensureClock(table);
    const latest = await repo.latestRound(db, table);
    const now = clock.now();
    const isDue =
      !latest ||
      (latest.status === 'betting' && now >= Number(latest.betting_ends_at)) ||
      (latest.status === 'result' && now >= Number(latest.next_round_at));
    if (!isDue) return { round: latest };
    const stepped = await step(table);
    const round = await repo.latestRound(db, table);
    if (stepped.closed !== undefined && (!round || round.status === 'result')) return { closed: stepped.closed };
    if (!round) throw new Error(`Live table ${table} has no round`);
    return { round };
  }

  /** The round now, or the table's closed message as a refusal. */
  async function openRound(table: LiveTableCode): Promise<repo.RoundRow> {
    const current = await currentRound(table);
    if ('closed' in current) throw new AppError('REFUSED', current.closed);
    return current.round;
  }

  return {
    /** The wallet the tables pay through, once our provider's keys are known (module start). */
    attachWallet(client: LiveWallet) {
      wallet = client;
    },

    /** What a socket that subscribes to the table gets at once. */
    async snapshot(code: string): Promise<LiveTableMessage> {
      const table = checkTable(code);
      const current = await currentRound(table);
      const round = 'closed' in current ? null : await viewOf(current.round);
      return { type: 'table', table, event: 'snapshot', now: clock.now(), round };
    },

    async state(token: string, code: string) {
      const table = checkTable(code);
      const { player, balance } = await resolvePlayer(token, table);
      const round = await openRound(table);
      const roundNumber = Number(round.round_number);
      const info = liveTable(table);
      return {
        now: clock.now(),
        table: {
          code: table,
          name: info.name,
          spots: info.spots.map((spot) => ({
            code: spot.code,
            pays: (LIVE_SPOT_PAYS[table][spot.code] ?? 0) / MULTIPLIER_SCALE,
          })),
          min_stake: paiseToRupees(LIVE_MIN_STAKE_PAISE),
          max_stake: paiseToRupees(LIVE_MAX_STAKE_PAISE),
        },
        round: await viewOf(round),
        my_bets: (await repo.listPlayerRoundBets(db, table, roundNumber, player)).map(betView),
        my_history: (await repo.listPlayerSettledBets(db, table, player, HISTORY)).map(betView),
        history: (await repo.recentResults(db, table, HISTORY)).map((row) => ({
          round_number: Number(row.round_number),
          result_label: row.result_label ?? '',
          winning_spots: row.winning_spots === null ? [] : (JSON.parse(row.winning_spots) as string[]),
        })),
        balance: paiseToRupees(balance),
      };
    },

    async bet(token: string, code: string, roundNumber: number, spotCode: string, stakeRupees: number) {
      const table = checkTable(code);
      const spot = liveSpot(liveTable(table), spotCode);
      if (!spot) throw new AppError('BAD_REQUEST', `No spot ${spotCode} at this table`);
      const stake = parseRupees(stakeRupees);
      if (!stake.ok) throw new AppError('BAD_REQUEST', `Stake ${stake.reason}`);
      if (stake.paise < LIVE_MIN_STAKE_PAISE || stake.paise > LIVE_MAX_STAKE_PAISE) {
        throw new AppError(
          'BAD_REQUEST',
          `Stake must be from ${formatPaiseAsRupees(LIVE_MIN_STAKE_PAISE)} to ${formatPaiseAsRupees(LIVE_MAX_STAKE_PAISE)}`,
        );
      }
      const player = await cachedPlayer(token, table);
      // A round whose betting time ran out is closed first, so the refusal below names it closed.
      await openRound(table);
      await writeTransaction(db, async (tx) => {
        const round = await repo.lockRound(tx, table, roundNumber);
        if (!round) throw new AppError('NOT_FOUND', `Round ${roundNumber} of this table does not exist`);
        if (round.status !== 'betting' || clock.now() >= Number(round.betting_ends_at)) {
          throw new AppError('REFUSED', `Bets are closed for round ${roundNumber}; bet on the next round`);
        }
        try {
          await repo.insertBet(tx, {
            table_code: table,
            round_number: roundNumber,
            player,
            token,
            spot: spot.code,
            stake: stake.paise,
            created_at: clock.now(),
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'You already have a bet on this spot in this round');
          throw error;
        }
      });
      const uuid = betUuid(table, roundNumber, player, spot.code);
      const body = { token, game_code: table, round: roundId(table, roundNumber) };
      let answer: WalletAnswer;
      try {
        answer = await walletOrThrow().call('bet', {
          ...body,
          transaction_uuid: `${uuid}:bet`,
          amount: stake.paise,
          currency: 'INR',
        });
      } catch (error) {
        // Unknown whether the stake was taken: roll it back (a rollback of nothing is remembered).
        await walletOrThrow()
          .call('rollback', { ...body, transaction_uuid: `${uuid}:rollback`, reference_transaction_uuid: `${uuid}:bet` })
          .catch(() => undefined);
        await repo.deletePlacingBet(db, table, roundNumber, player, spot.code);
        throw error;
      }
      if (answer.status !== 'RS_OK') {
        await repo.deletePlacingBet(db, table, roundNumber, player, spot.code);
        throw walletRefusal(answer);
      }
      await writeTransaction(db, (tx) => repo.markBetOpen(tx, table, roundNumber, player, spot.code));
      // The round may have closed while the wallet took the stake: its closer did not see this bet.
      const round = await repo.findRound(db, table, roundNumber);
      let bet = await repo.findBet(db, table, roundNumber, player, spot.code);
      if (round?.status === 'result' && bet?.status === 'open') {
        await settleBet(table, bet, { server_seed: round.server_seed, client_seed: clientSeedOf(round) }).catch(() => undefined);
        bet = await repo.findBet(db, table, roundNumber, player, spot.code);
      }
      if (!bet) throw new Error('The live bet just written is missing');
      return { bet: betView(bet), balance: paiseToRupees(answer.balance ?? 0) };
    },

    async round(code: string, roundNumber: number): Promise<LiveRoundView> {
      const table = checkTable(code);
      const round = await repo.findRound(db, table, roundNumber);
      if (!round) throw new AppError('NOT_FOUND', 'No round of this table has that number');
      return viewOf(round);
    },

    /** Runs every table's clock on this instance from now on (at start, where background work runs). */
    startClocks(): void {
      for (const code of LIVE_TABLE_CODES) ensureClock(code);
    },

    /** Resolves once the wins being paid now are paid (tests and the bench). */
    async settled(): Promise<void> {
      while (settling.size > 0) await Promise.all([...settling]);
    },

    async stop(): Promise<void> {
      isStopped = true;
      for (const state of clocks.values()) clearTimeout(state.timer);
      await Promise.all([...clocks.values()].map((state) => state.running));
      await Promise.all([...settling]);
    },
  };
}

export type LiveTables = ReturnType<typeof createLiveTables>;
