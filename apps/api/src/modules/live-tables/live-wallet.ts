import { AppError } from '../../lib/app-error';
import type { WalletAnswer, WalletOperation } from '../casino';
import { type LiveTablesDeps, walletRefusal } from './live-tables-support';

const PLAYER_CACHE_MS = 30_000;

export interface LiveWallet {
  call(operation: WalletOperation, body: Record<string, unknown>): Promise<WalletAnswer>;
}

/** The seamless wallet the tables pay through, and the players its tokens name. */
export interface LiveWalletAccess {
  /** The wallet the tables pay through, once our provider's keys are known (module start). */
  attach(client: LiveWallet): void;
  isAttached(): boolean;
  walletOrThrow(): LiveWallet;
  resolvePlayer(token: string, table: string): Promise<{ player: string; balance: number }>;
  cachedPlayer(token: string, table: string): Promise<string>;
}

export function createLiveWalletAccess({ clock }: LiveTablesDeps): LiveWalletAccess {
  let wallet: LiveWallet | undefined;
  const players = new Map<string, { player: string; at: number }>();

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

  return {
    attach(client) {
      wallet = client;
    },
    isAttached: () => wallet !== undefined,
    walletOrThrow,
    resolvePlayer,
    async cachedPlayer(token, table) {
      const cached = players.get(token);
      if (cached && clock.now() - cached.at < PLAYER_CACHE_MS) return cached.player;
      return (await resolvePlayer(token, table)).player;
    },
  };
}
