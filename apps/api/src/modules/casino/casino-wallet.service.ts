import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Money } from '../money';
import { createWalletMoves } from './casino-wallet-moves';
import { createWalletRequests } from './casino-wallet-requests';
import type { CasinoWalletDeps } from './casino-wallet-support';

export type { WalletCall } from './casino-wallet-support';

/**
 * The seamless wallet: providers debit, credit and roll back a player's money, each call signed,
 * each provider transaction id applied once (docs/casino.md has every rule and status).
 */
export function createCasinoWallet(db: Db, clock: Clock, money: Money) {
  /** What the player can stake: cash, plus the wager bonus while the wager wallet is active. */
  const balanceOf = (executor: Db, userId: number) => money.playableBalance(executor, userId);
  const deps: CasinoWalletDeps = { db, clock, money, balanceOf };
  // A call's checks and answer (casino-wallet-requests.ts); a bet's, win's or rollback's money (casino-wallet-moves.ts).
  const handle = createWalletRequests(deps, createWalletMoves(deps));

  return { handle };
}

export type CasinoWallet = ReturnType<typeof createCasinoWallet>;
