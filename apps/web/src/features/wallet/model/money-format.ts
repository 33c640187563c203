/** Rupees as the site shows them: ₹ with Indian digit grouping and always two decimals (spec §9). */
export function formatRupees(amount: number, language = 'en'): string {
  return new Intl.NumberFormat(`${language}-IN`, {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** The same without the currency sign, for table cells under a ₹ heading. */
export function formatAmount(amount: number, language = 'en'): string {
  return new Intl.NumberFormat(`${language}-IN`, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}
