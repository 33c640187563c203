import { expect } from 'vitest';
import { moneyTransaction } from '../../apps/api/src/db/unit-of-work';
import { systemClock } from '../../apps/api/src/lib/clock';
import { createMoneyModule } from '../../apps/api/src/modules/money';
import { CUSTOMER_USER_TYPE, createUser } from '../../apps/api/src/modules/users/users.service';
import { PNG_BYTES } from '../../apps/api/test/payments-support';
import { creditFromHouse } from '../../apps/api/test/wallet-support';
import type { Site } from './site';

/** A signed-up player with `paise` of cash, credited through the ledger as the house's money. */
export async function createFundedCustomer(site: Site, userName: string, password: string, paise: number): Promise<number> {
  const userId = await createUser(site.database.db, systemClock, {
    userName,
    password,
    userTypeId: CUSTOMER_USER_TYPE,
    isSignupUser: true,
  });
  const { money } = createMoneyModule({ db: site.database.db, clock: systemClock });
  await moneyTransaction(site.database.db, { userIds: [userId], now: Date.now() }, (trx) =>
    creditFromHouse(money, trx, userId, paise, 'e2e'),
  );
  return userId;
}

/** Sends the player's identity form (a name, a birth date and a photo) as the site's form does. */
export async function submitIdentity(site: Site, token: string, legalName: string): Promise<void> {
  const form = new FormData();
  form.set('legal_name', legalName);
  form.set('date_of_birth', '1990-04-01');
  form.set('document', new Blob([PNG_BYTES], { type: 'image/png' }), 'id.png');
  const kyc = await fetch(`${site.baseUrl}/api/kyc/submit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(kyc.status, await kyc.text()).toBe(200);
}

/** A POST to the site's API as the page would send it (a player's or an operator's token, or none). */
export async function postApi<T>(
  site: Site,
  path: string,
  token: string | null,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${site.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}
