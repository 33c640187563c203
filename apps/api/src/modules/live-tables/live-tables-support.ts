import { createHmac } from 'node:crypto';
import {
  fairFloats,
  isLiveTableCode,
  type LiveBetView,
  liveFloatCount,
  liveResultLabel,
  type LiveRoundView,
  liveTable,
  type LiveTableCode,
  paiseToRupees,
  resolveLiveRound,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../lib/event-bus';
import type { WalletAnswer } from '../casino';
import { chainRef, type ChainRow, type RoundChains, walletRefusal as fairGamesRefusal } from '../fair-games';
import type * as repo from './live-tables.repository';

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

export interface Drawn {
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
export const clientSeedOf = (row: { table_code: string; client_seed: string | null }) => row.client_seed ?? row.table_code;

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

export function betView(row: repo.BetRow): LiveBetView {
  return {
    round_number: Number(row.round_number),
    spot: row.spot,
    stake: paiseToRupees(Number(row.stake)),
    payout: row.payout === null ? null : paiseToRupees(Number(row.payout)),
    is_settled: row.status === 'settled',
  };
}

/** A wallet's refusal of a live-table call as the player's error (fair-games' words, "open the table again"). */
export const walletRefusal = (answer: WalletAnswer): AppError => fairGamesRefusal(answer, 'table');

export function checkTable(code: string): LiveTableCode {
  if (!isLiveTableCode(code)) throw new AppError('NOT_FOUND', 'No such live table');
  return code;
}

export const roundId = (table: string, roundNumber: number) => `${table}:${roundNumber}`;
export const betUuid = (table: string, roundNumber: number, player: string, spot: string) =>
  `${roundId(table, roundNumber)}:${player}:${spot}`;
