import type { Generated } from 'kysely';

export interface FairProviderKeysTable {
  /** Always 1: the provider has one key pair. */
  id: number;
  private_key: string;
  public_key: string;
  created_at: number;
}

export interface FairSeedsTable {
  id: Generated<number>;
  player: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: Generated<number>;
  is_active: number;
  /** The next pair's server seed, committed (its hash shown) while this pair is active. */
  next_server_seed: string | null;
  next_server_seed_hash: string | null;
  created_at: number;
  revealed_at: number | null;
}

export interface FairRoundsTable {
  id: Generated<number>;
  round_uuid: string;
  player: string;
  game_code: string;
  seed_id: number;
  nonce: number;
  /** JSON of the bet's choices. */
  params: string;
  stake: number;
  multiplier: number;
  payout: number;
  /** JSON of the outcome. */
  outcome: string;
  /** The rules version it was played under (docs/casino-fairness.md): 1 before Stake's formulas. */
  rules: Generated<number>;
  created_at: number;
}

export interface FairCrashRoundsTable {
  id: Generated<number>;
  round_number: number;
  server_seed: string;
  server_seed_hash: string;
  /** Hundredths: 100 = 1.00×. */
  crash_point: number;
  betting_ends_at: number;
  crashed_at: number;
  created_at: number;
  /** The chain and position it came from; null for rounds of the first rules (own seed each). */
  chain_id: number | null;
  chain_position: number | null;
}

/** A published round chain of a shared-round game: Crash or a live table (docs/casino-fairness.md, "Round chains"). */
export interface FairRoundChainsTable {
  id: Generated<number>;
  /** `crash` or a live table's code. */
  game_code: string;
  length: number;
  terminating_hash: string;
  /** The hash at position `length`: secret until the chain's last round reveals it. */
  chain_seed: string;
  salt_source: 'drand' | 'self';
  /** Null until known (a drand chain's, once its round is out and checked). */
  salt: string | null;
  /** SHA-256 of a self-drawn salt, published with the chain; null for drand chains. */
  salt_hash: string | null;
  beacon_round: number | null;
  beacon_signature: string | null;
  published_at: number;
  /** No round of the chain before this time. */
  starts_at: number;
  started_at: number | null;
  first_round_number: number | null;
}

export interface FairRoundChainCheckpointsTable {
  chain_id: number;
  position: number;
  hash: string;
}

export interface FairCrashBetsTable {
  id: Generated<number>;
  round_number: number;
  player: string;
  token: string;
  stake: number;
  /** Hundredths, or null for a manual cash-out only. */
  auto_cashout: number | null;
  /** Hundredths the bet cashed out at (manual), null until then. */
  cashout: number | null;
  payout: Generated<number>;
  is_settled: Generated<number>;
  created_at: number;
}

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    fair_provider_keys: FairProviderKeysTable;
    fair_seeds: FairSeedsTable;
    fair_rounds: FairRoundsTable;
    fair_crash_rounds: FairCrashRoundsTable;
    fair_crash_bets: FairCrashBetsTable;
    fair_round_chains: FairRoundChainsTable;
    fair_round_chain_checkpoints: FairRoundChainCheckpointsTable;
  }
}
