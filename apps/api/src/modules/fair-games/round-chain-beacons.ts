import type { RoundChainView } from '@app/shared';
import { verifyQuicknetRound } from '@app/shared/drand-verify';
import type { Db } from '../../db/database';
import { outsideTransactionScope } from '../../db/transaction-scope';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { BeaconSource } from './drand-relay';
import * as repo from './round-chain.repository';
import { chainView } from './round-chain-views';

/** A waiting drand chain asks the relays again at most this often (per instance). */
const BEACON_RETRY_MS = 5_000;

export interface ChainBeaconsDeps {
  db: Db;
  clock: Clock;
  beacon: BeaconSource;
  onBeaconError?: (error: unknown, chainId: number) => void;
}

/**
 * A drand chain's beacon round (docs/casino-fairness.md, "Round chains"): fetched from the relays
 * when the chain is due, or supplied by hand, and kept only once it is checked.
 */
export function createChainBeacons(
  { db, clock, beacon, onBeaconError }: ChainBeaconsDeps,
  cache: Map<number, repo.ChainRow>,
  chain: (chainId: number) => Promise<repo.ChainRow>,
) {
  const beaconAttempts = new Map<number, { at: number; running: Promise<void> | undefined }>();

  /** Asks the relays for a waiting chain's beacon round, once at a time and not too often. */
  function fetchBeaconSoon(waiting: repo.ChainRow): void {
    if (beacon.relays.length === 0 || waiting.beacon_round === null) return;
    const attempt = beaconAttempts.get(waiting.id);
    if (attempt && (attempt.running || clock.now() - attempt.at < BEACON_RETRY_MS)) return;
    const round = waiting.beacon_round;
    const state = { at: clock.now(), running: undefined as Promise<void> | undefined };
    beaconAttempts.set(waiting.id, state);
    state.running = outsideTransactionScope(async () => {
      try {
        const fetched = await beacon.fetchRound(round);
        if (fetched) {
          await repo.storeBeacon(db, waiting.id, fetched.signature, fetched.randomness);
          cache.delete(waiting.id);
        }
      } catch (error) {
        onBeaconError?.(error, waiting.id);
      } finally {
        state.running = undefined;
        state.at = clock.now();
      }
    });
  }

  return {
    fetchBeaconSoon,

    /**
     * Stores a drand chain's beacon round given by hand (an operator's copy from any relay or
     * node): taken only if its signature verifies for the announced round under quicknet's key.
     */
    async supplyBeacon(chainId: number, signature: string): Promise<RoundChainView> {
      const row = await repo.findChain(db, chainId);
      if (!row) throw new AppError('NOT_FOUND', `No round chain ${chainId}`);
      if (row.salt_source !== 'drand' || row.beacon_round === null) {
        throw new AppError('REFUSED', `Chain ${chainId} is salted by a salt drawn here, not by a beacon round`);
      }
      if (row.salt !== null) throw new AppError('CONFLICT', `Chain ${chainId} already has its beacon round ${row.beacon_round}`);
      const check = verifyQuicknetRound({ round: row.beacon_round, signature });
      if (!check.isValid) {
        throw new AppError('BAD_REQUEST', `That is not drand quicknet round ${row.beacon_round}: ${check.reason}`);
      }
      await repo.storeBeacon(db, chainId, check.signature, check.randomness);
      cache.delete(chainId);
      return chainView(await chain(chainId), 0);
    },

    /** Resolves once the beacon fetches running now are done (tests). */
    async settled(): Promise<void> {
      await Promise.all([...beaconAttempts.values()].map((attempt) => attempt.running));
    },
  };
}
