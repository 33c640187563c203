import { randomBytes } from 'node:crypto';
import type { FairSeedsView } from '@app/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { writeTransaction } from '../../db/unit-of-work';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/ids';
import * as repo from './fair-games.repository';

/** A pair whose next server seed is committed (the service never hands out one without). */
export type CommittedSeedRow = repo.SeedRow & { next_server_seed: string; next_server_seed_hash: string };

export interface RevealedPair {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  rounds: number;
}

function freshServerSeed(): { seed: string; hash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, hash: sha256Hex(seed) };
}

/** A client seed drawn for the player: 10 random bytes, as the game page's own suggestion. */
function freshClientSeed(): string {
  return randomBytes(10).toString('hex');
}

function isCommitted(row: repo.SeedRow): row is CommittedSeedRow {
  return row.next_server_seed !== null && row.next_server_seed_hash !== null;
}

export function seedsView(seed: CommittedSeedRow): FairSeedsView {
  return {
    server_seed_hash: seed.server_seed_hash,
    next_server_seed_hash: seed.next_server_seed_hash,
    client_seed: seed.client_seed,
    nonce: seed.next_nonce,
  };
}

/**
 * Each player's seed pairs (docs/casino-fairness.md, Seeds). The next server seed is drawn and
 * its hash shown while the current pair is active, so whatever client seed the player picks for
 * the next pair, the server seed it meets was fixed before: no server seed is ever drawn after the
 * player chose a client seed.
 */
export function createFairSeeds(db: Db, clock: Clock) {
  /** The player's active pair, with its next server seed committed; the first one is made here. */
  async function active(player: string): Promise<CommittedSeedRow> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const row = await repo.findActiveSeed(db, player);
      if (row && isCommitted(row)) return row;
      if (row) {
        await repo.commitNextSeed(db, row.id, freshServerSeed());
        continue;
      }
      const server = freshServerSeed();
      const next = freshServerSeed();
      try {
        await repo.insertActiveSeed(db, {
          player,
          server_seed: server.seed,
          server_seed_hash: server.hash,
          // The first pair's client seed is drawn for the player and shown before its first round;
          // the player may change it before playing and keep this server seed (setClientSeed).
          client_seed: freshClientSeed(),
          next_server_seed: next.seed,
          next_server_seed_hash: next.hash,
          created_at: clock.now(),
        });
      } catch (error) {
        // Another request made the player's first pair at the same moment: read that one.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`The seed pair of ${player} could not be read`);
  }

  /** Reveals the active pair and activates the committed next server seed with `clientSeed`. */
  async function rotate(player: string, clientSeed: string | undefined) {
    // Makes the first pair, or commits a next seed to a pair from before next seeds, first.
    await active(player);
    return writeTransaction(db, async (trx) => {
      const current = await repo.revealActiveSeed(trx, player, clock.now());
      if (!current || !isCommitted(current)) {
        throw new AppError('CONFLICT', 'Your seeds changed at the same moment; look at them again and retry');
      }
      const next = freshServerSeed();
      const seeds: Omit<CommittedSeedRow, 'id'> = {
        server_seed: current.next_server_seed,
        server_seed_hash: current.next_server_seed_hash,
        // Left out: a fresh one for the player, drawn now, after the next server seed's hash was
        // shown. Keeping the old one would meet a server seed drawn after it was known
        // (docs/casino-fairness.md, Seeds); the player sees this one before the pair's first round.
        client_seed: clientSeed ?? freshClientSeed(),
        next_nonce: 0,
        next_server_seed: next.seed,
        next_server_seed_hash: next.hash,
      };
      const id = await repo.insertActiveSeed(trx, {
        player,
        server_seed: seeds.server_seed,
        server_seed_hash: seeds.server_seed_hash,
        client_seed: seeds.client_seed,
        next_server_seed: seeds.next_server_seed,
        next_server_seed_hash: seeds.next_server_seed_hash,
        created_at: clock.now(),
      });
      const revealed: RevealedPair = {
        server_seed: current.server_seed,
        server_seed_hash: current.server_seed_hash,
        client_seed: current.client_seed,
        rounds: await repo.countSeedRounds(trx, current.id),
      };
      return { revealed, seeds: { id, ...seeds } };
    });
  }

  async function rotateToView(player: string, clientSeed: string | undefined) {
    const { revealed, seeds } = await rotate(player, clientSeed);
    return { revealed, seeds: seedsView(seeds) };
  }

  return {
    active,
    rotate: rotateToView,

    /**
     * A new client seed: on a pair no round used yet it replaces the client seed and the server
     * seed stays; otherwise the pair rotates to the committed next server seed.
     */
    async setClientSeed(player: string, clientSeed: string): Promise<{ seeds: FairSeedsView; revealed: RevealedPair | null }> {
      const current = await active(player);
      if (current.next_nonce === 0 && (await repo.setUnplayedClientSeed(db, current.id, clientSeed))) {
        return { seeds: seedsView(await active(player)), revealed: null };
      }
      return rotateToView(player, clientSeed);
    },
  };
}

export type FairSeeds = ReturnType<typeof createFairSeeds>;
