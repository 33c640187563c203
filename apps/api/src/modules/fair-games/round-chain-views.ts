import { QUICKNET, quicknetRoundTime, type RoundChainRef, type RoundChainView } from '@app/shared';
import type * as repo from './round-chain.repository';

export const iso = (ms: number) => new Date(ms).toISOString();

/** What of a chain is public: a self-drawn salt only once the chain started, a beacon's once it is out. */
function publicSalt(chain: repo.ChainRow): string | null {
  return chain.salt_source === 'self' && chain.started_at === null ? null : chain.salt;
}

function beaconView(chain: repo.ChainRow): RoundChainView['beacon'] {
  if (chain.salt_source !== 'drand' || chain.beacon_round === null) return null;
  return {
    network: QUICKNET.beaconId,
    chain_hash: QUICKNET.chainHash,
    public_key: QUICKNET.publicKey,
    round: chain.beacon_round,
    round_at: iso(quicknetRoundTime(chain.beacon_round)),
    signature: chain.beacon_signature,
  };
}

export function chainView(chain: repo.ChainRow, played: number): RoundChainView {
  return {
    id: chain.id,
    game_code: chain.game_code,
    length: chain.length,
    terminating_hash: chain.terminating_hash,
    salt_source: chain.salt_source,
    salt_hash: chain.salt_hash,
    salt: publicSalt(chain),
    beacon: beaconView(chain),
    published_at: iso(chain.published_at),
    starts_at: iso(chain.starts_at),
    status: played >= chain.length ? 'used' : played > 0 || chain.started_at !== null ? 'playing' : 'queued',
    rounds_played: played,
    first_round_number: chain.first_round_number,
  };
}

/** A round's place in its chain, as its views show it (the chain started, so its salt is public). */
export function chainRef(chain: repo.ChainRow, position: number): RoundChainRef {
  return {
    id: chain.id,
    position,
    length: chain.length,
    terminating_hash: chain.terminating_hash,
    salt_source: chain.salt_source,
    salt_hash: chain.salt_hash,
    salt: chain.salt ?? '',
    beacon: beaconView(chain),
    published_at: iso(chain.published_at),
    starts_at: iso(chain.starts_at),
  };
}
