/**
 * One number format for the whole product (docs/shell.md "Numbers"): Latin digits in every
 * language, rupees grouped the Indian way (₹1,00,000.00) with two decimals, odds as the exchanges
 * print them. The site, its toasts and the API's messages all format through here, so the header,
 * the slip, the reports, the game pages and a refusal all show `₹10,130.00` alike.
 */
import { PAISE_PER_RUPEE } from './money';

/**
 * English (India): Latin digits with lakh and crore grouping. Hindi and Bengali pages use it too:
 * the stake is typed in Latin digits, odds and the server's messages are Latin, and mixing two
 * digit systems on one slip is what players found confusing.
 */
export const NUMBER_LOCALE = 'en-IN';

let rupeeFormat: Intl.NumberFormat | undefined;
let amountFormat: Intl.NumberFormat | undefined;
let wholeRupeeFormat: Intl.NumberFormat | undefined;
let plainFormat: Intl.NumberFormat | undefined;

/** ₹ with Indian grouping and two decimals: `₹10,130.00`, `-₹5.50`. */
export function formatRupees(rupees: number): string {
  rupeeFormat ??= new Intl.NumberFormat(NUMBER_LOCALE, {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return rupeeFormat.format(rupees);
}

/** Integer paise as rupees (formatRupees). */
export function formatPaiseAsRupees(paise: number): string {
  return formatRupees(paise / PAISE_PER_RUPEE);
}

/** The same grouping without the sign, for cells under a "(₹)" heading: `10,130.00`. */
export function formatAmount(rupees: number): string {
  amountFormat ??= new Intl.NumberFormat(NUMBER_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return amountFormat.format(rupees);
}

/**
 * A profit or loss with its sign, so a loss and a win never look alike: `+₹100.00`, `−₹5.50`,
 * `₹0.00` (a true minus sign). Wherever the cell has no "(₹)" heading, money carries its ₹.
 */
export function formatSignedRupees(rupees: number): string {
  if (rupees > 0) return `+${formatRupees(rupees)}`;
  if (rupees < 0) return `−${formatRupees(-rupees)}`;
  return formatRupees(0);
}

/** The same under a "(₹)" heading: `+100.00`, `−5.50`, `0.00`. */
export function formatSignedAmount(rupees: number): string {
  const text = formatAmount(Math.abs(rupees));
  return rupees > 0 ? `+${text}` : rupees < 0 ? `−${text}` : text;
}

/** Whole rupees, for stake buttons and chips: `₹1,000`. */
export function formatWholeRupees(rupees: number): string {
  wholeRupeeFormat ??= new Intl.NumberFormat(NUMBER_LOCALE, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
  return wholeRupeeFormat.format(rupees);
}

/** A count or a stake typed in whole rupees, grouped, up to two decimals when it has them: `1,000`, `12.5`. */
export function formatNumber(value: number): string {
  plainFormat ??= new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 2 });
  return plainFormat.format(value);
}

/**
 * Dates in the page's language with Latin digits and India's conventions (`bn-IN-u-nu-latn`):
 * month and day names stay in the player's language, the digits match every other number on the
 * page, and English reads `7 Dec 2026, 5:35 pm` as in India, not `Dec 7, 2026, 5:35 PM`
 * (docs/shell.md "Dates and times"; date-format.ts writes them).
 */
export function latinDigitsLocale(language: string): string {
  return `${language}-IN-u-nu-latn`;
}

/** Decimal odds as exchanges print them, never grouped: 1.5, 2.02, 120, 1000. */
export function formatDecimalOdds(odds: number): string {
  return String(Math.round(odds * 100) / 100);
}
