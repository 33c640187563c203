/**
 * Where a player's money comes from and goes back to (docs/wallet.md, "Money"): the one
 * allocator every money movement uses, as pure arithmetic on integer paise.
 *
 * - A stake (a bet's hold, a casino debit) takes cash first, then the wager bonus, and the wager
 *   bonus only while the wager wallet is active.
 * - A release (a hold that shrinks) gives back bonus first (it was taken last), then cash.
 * - A settled loss is paid first from the bonus the market held (bonus staked is lost first),
 *   then from cash; if cash falls short (a re-settle after the player spent a win), the rest
 *   comes from the wager bonus.
 */

export interface StakeSources {
  cash: number;
  wagerBonus: number;
  /** The wager wallet is active: its bonus may be staked. */
  canUseBonus: boolean;
}

export type StakeAllocation = { ok: true; fromCash: number; fromBonus: number } | { ok: false; short: number };

export interface HeldMoney {
  cash: number;
  bonus: number;
}

export interface LossSources {
  /** The bonus share the market held for this player (released just before the loss is paid). */
  bonusStaked: number;
  cash: number;
  wagerBonus: number;
}

function assertPaise(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be whole paise >= 0, not ${value}`);
}

/** Splits a stake between cash and the wager bonus, or says how much is missing. */
export function allocateStake(amount: number, sources: StakeSources): StakeAllocation {
  assertPaise('amount', amount);
  assertPaise('cash', sources.cash);
  assertPaise('wagerBonus', sources.wagerBonus);
  const fromCash = Math.min(amount, sources.cash);
  const fromBonus = amount - fromCash;
  const bonusAvailable = sources.canUseBonus ? sources.wagerBonus : 0;
  if (fromBonus > bonusAvailable) return { ok: false, short: fromBonus - bonusAvailable };
  return { ok: true, fromCash, fromBonus };
}

/** Splits money coming back out of a hold: bonus first, then cash. */
export function allocateRelease(amount: number, held: HeldMoney): { toCash: number; toBonus: number } {
  assertPaise('amount', amount);
  assertPaise('held cash', held.cash);
  assertPaise('held bonus', held.bonus);
  if (amount > held.cash + held.bonus) throw new RangeError(`Cannot release ${amount}: only ${held.cash + held.bonus} is held`);
  const toBonus = Math.min(amount, held.bonus);
  return { toCash: amount - toBonus, toBonus };
}

/**
 * Splits a settled loss between cash and the wager bonus. When the two together cannot pay it,
 * the split still says what the rule asks (the ledger's guarded update then refuses it).
 */
export function allocateLoss(loss: number, sources: LossSources): { fromCash: number; fromBonus: number } {
  assertPaise('loss', loss);
  assertPaise('bonusStaked', sources.bonusStaked);
  assertPaise('cash', sources.cash);
  assertPaise('wagerBonus', sources.wagerBonus);
  let fromBonus = Math.min(loss, sources.bonusStaked, sources.wagerBonus);
  let fromCash = loss - fromBonus;
  if (fromCash > sources.cash) {
    const extra = Math.min(fromCash - sources.cash, sources.wagerBonus - fromBonus);
    fromBonus += extra;
    fromCash -= extra;
  }
  return { fromCash, fromBonus };
}
