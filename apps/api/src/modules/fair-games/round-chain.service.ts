import type { RoundChainView } from '@app/shared';
import { sha256Hex } from '../../lib/ids';
import * as repo from './round-chain.repository';
import { type ChainBeaconsDeps, createChainBeacons } from './round-chain-beacons';
import { type ChainInput, createChainPublisher } from './round-chain-publish';
import { chainView, iso } from './round-chain-views';

export { buildChain, ROUND_CHAIN_CHECKPOINT_EVERY, ROUND_CHAIN_MAX_LENGTH, type SaltSource } from './round-chain-publish';
export { chainRef, chainView } from './round-chain-views';

/** The demo install's chains (docs/casino-fairness.md, "Round chains"). */
export const DEMO_CHAIN_LENGTH = 100_000;
/** A game's next chain is published once its newest has 1/10 of its rounds or fewer left (`renewDue`). */
const RENEW_WHEN_LEFT_DIVISOR = 10;
/** How often an instance looks whether a game needs its next chain published. */
export const ROUND_CHAIN_RENEW_EVERY_MS = 10 * 60_000;

export type { ChainRow } from './round-chain.repository';

/** Where a game's next round comes from. */
export type NextSource =
  | { kind: 'ready'; chain: repo.ChainRow; position: number }
  /** The next chain may not start yet: its notice runs, or its beacon round is not in. */
  | { kind: 'waiting'; chain: repo.ChainRow; reason: 'notice' | 'beacon' }
  | { kind: 'none' };

export interface RoundChainsDeps extends ChainBeaconsDeps {
  /** How long after publication a chain may start, unless its command says otherwise. */
  defaultNoticeMs: number;
}

/**
 * Round chains of the shared-round games (docs/casino-fairness.md, "Round chains"): each game's
 * chains play one after another in the order they were published, each from position 1 up to its
 * length, none before its stated start, and a drand chain not before its announced beacon round
 * is out and checked. Once a chain is published no round of it can be chosen, skipped or replayed.
 */
export function createRoundChains({ db, clock, beacon, defaultNoticeMs, onBeaconError }: RoundChainsDeps) {
  // Chains change only by their start and their beacon, which are read fresh where they matter.
  const cache = new Map<number, repo.ChainRow>();
  const playedReaders = new Map<string, (chainIds: readonly number[]) => Promise<Map<number, number>>>();

  async function chain(chainId: number): Promise<repo.ChainRow> {
    const cached = cache.get(chainId);
    if (cached && cached.salt !== null) return cached;
    const row = await repo.findChain(db, chainId);
    if (!row) throw new Error(`Round chain ${chainId} is missing`);
    cache.set(chainId, row);
    return row;
  }

  const { fetchBeaconSoon, supplyBeacon, settled } = createChainBeacons({ db, clock, beacon, onBeaconError }, cache, chain);
  const publish = createChainPublisher(db, clock, defaultNoticeMs, chain);

  const chains = {
    chain,

    /** Tells the chain list how far a game's chains were played (the game owns its rounds). */
    registerGame(gameCode: string, played: (chainIds: readonly number[]) => Promise<Map<number, number>>) {
      playedReaders.set(gameCode, played);
    },

    /**
     * Publishes a chain: its terminating hash, its start (now + the notice) and where its salt
     * comes from, all public at once. A drand chain's salt is the quicknet round due at its start
     * (unknown to anyone now); a self-drawn one is committed as its SHA-256.
     */
    async create(input: ChainInput): Promise<RoundChainView> {
      const published = await publish(input);
      if (!published) throw new Error('A chain published without a condition was not published');
      return published;
    },

    supplyBeacon,

    /** Where the round after `latest` comes from: the next position, the next chain, or nothing yet. */
    async nextPosition(
      gameCode: string,
      latest: { chain_id: number | null; chain_position: number | null } | undefined,
    ): Promise<NextSource> {
      if (latest?.chain_id != null && latest.chain_position != null) {
        const current = await chain(Number(latest.chain_id));
        if (Number(latest.chain_position) < current.length) {
          return { kind: 'ready', chain: current, position: Number(latest.chain_position) + 1 };
        }
      }
      const next = await repo.firstChainAfter(db, gameCode, latest?.chain_id == null ? 0 : Number(latest.chain_id));
      if (!next) return { kind: 'none' };
      if (clock.now() < next.starts_at) return { kind: 'waiting', chain: next, reason: 'notice' };
      if (next.salt === null) {
        fetchBeaconSoon(next);
        return { kind: 'waiting', chain: next, reason: 'beacon' };
      }
      cache.set(next.id, next);
      return { kind: 'ready', chain: next, position: 1 };
    },

    /** The hash at `position`: from the nearest stored hash above it, hashed down. */
    async hashAt(current: repo.ChainRow, position: number): Promise<string> {
      const checkpoint = await repo.checkpointAtOrAbove(db, current.id, position);
      if (!checkpoint) throw new Error(`Round chain ${current.id} has no hash above position ${position}`);
      let hash = checkpoint.hash;
      for (let at = checkpoint.position; at > position; at -= 1) hash = sha256Hex(hash);
      return hash;
    },

    async markStarted(chainId: number, roundNumber: number) {
      await repo.markChainStarted(db, chainId, roundNumber, clock.now());
      cache.delete(chainId);
    },

    /**
     * Publishes each game's next chain ahead of need (docs/casino-fairness.md, "Published chains"):
     * once a game's newest chain is being played and has a tenth of its rounds or fewer left, a
     * chain of the same length and salt source is published with the install's notice, so the
     * notice runs out before the rounds do and the game never closes for want of a chain. A game
     * no chain was ever published for is left to its operator. Answers the chains published.
     */
    async renewDue(): Promise<RoundChainView[]> {
      const published: RoundChainView[] = [];
      for (const [gameCode, played] of playedReaders) {
        const [newest] = await repo.listChains(db, gameCode, 1);
        if (!newest) continue;
        const left = newest.length - ((await played([newest.id])).get(newest.id) ?? 0);
        if (left === newest.length || left > Math.ceil(newest.length / RENEW_WHEN_LEFT_DIVISOR)) continue;
        const next = await publish({ gameCode, length: newest.length, salt: newest.salt_source }, newest.id);
        if (next) published.push(next);
      }
      return published;
    },

    /** A game's published chains, newest first. */
    async list(gameCode: string, limit = 20): Promise<RoundChainView[]> {
      const chains = await repo.listChains(db, gameCode, limit);
      const reader = playedReaders.get(gameCode);
      const played = reader ? await reader(chains.map((row) => row.id)) : new Map<number, number>();
      return chains.map((row) => chainView(row, played.get(row.id) ?? 0));
    },

    settled,
  };
  return chains;
}

export type RoundChains = ReturnType<typeof createRoundChains>;

/** Why a shared-round game has no round to open, in words for the player (a 422's message). */
export function closedMessage(gameName: string, next: Exclude<NextSource, { kind: 'ready' }>): string {
  if (next.kind === 'none') return `${gameName} is closed: no published round chain has rounds left`;
  const at = iso(next.chain.starts_at)
    .replace('T', ' ')
    .replace(/:\d\d\.\d+Z$/, ' UTC');
  if (next.reason === 'notice') return `${gameName} opens at ${at}, when its next published round chain may start`;
  return `${gameName} waits for drand round ${next.chain.beacon_round ?? ''}, which salts its next round chain`;
}
