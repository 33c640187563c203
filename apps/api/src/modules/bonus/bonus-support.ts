import type { Db } from '../../db/database';
import type { Tx } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import type { Money } from '../money';
import { allocateWagerWallet } from './bonus.rules';
import { insertBonusEvent } from './bonus.repository';
import type { BonusEventKind, BonusRow } from './bonus.table';

/** What the bonus service's parts are given: createBonusService's three arguments. */
export interface BonusDeps {
  db: Db;
  clock: Clock;
  money: Money;
}

export async function recordBonusEvent(
  { clock }: BonusDeps,
  executor: Db,
  bonus: BonusRow,
  kind: BonusEventKind,
  amount: number,
  transactionId: number | null,
) {
  await insertBonusEvent(executor, {
    bonus_id: Number(bonus.id),
    user_id: Number(bonus.user_id),
    kind,
    wallet: bonus.wallet,
    amount,
    transaction_id: transactionId,
    created_at: clock.now(),
  });
}

/** Moves bonus money to cash (release) or back to the house (expiry); zero moves nothing. */
export async function moveBonusOut(
  deps: BonusDeps,
  tx: Tx,
  bonus: BonusRow,
  kind: 'release' | 'expiry',
  amount: number,
  sessionId?: string | null,
) {
  const { money } = deps;
  let transactionId: number | null = null;
  if (amount > 0) {
    const movement = {
      userId: Number(bonus.user_id),
      wallet: bonus.wallet,
      amount,
      // A split bonus releases in steps: what was released before names each step.
      reference: `bonus:${bonus.id}:${kind}:${Number(bonus.released_amount)}`,
      sessionId,
    };
    transactionId = kind === 'release' ? await money.releaseBonus(tx, movement) : await money.expireBonus(tx, movement);
  }
  await recordBonusEvent(deps, tx, bonus, kind, amount, transactionId);
}

export async function wagerAllocation({ money }: BonusDeps, executor: Db, userId: number, bonuses: BonusRow[]) {
  const balances = await money.readBalances(executor, userId);
  const allocation = allocateWagerWallet(
    bonuses.map((bonus) => ({ id: Number(bonus.id), granted: Number(bonus.remaining_amount) })),
    balances.wagerBonus,
  );
  return { allocation, balances };
}
