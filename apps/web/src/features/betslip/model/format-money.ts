import { PAISE_PER_RUPEE } from '@app/shared';

/** Paise as the site shows money: ₹ with Indian digit grouping and two decimals. */
export function formatPaise(paise: number, language = 'en'): string {
  return new Intl.NumberFormat(`${language}-IN`, {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(paise / PAISE_PER_RUPEE);
}

/** A stake button's whole rupees, without decimals. */
export function formatWholeRupees(rupees: number, language = 'en'): string {
  return new Intl.NumberFormat(`${language}-IN`, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(rupees);
}
