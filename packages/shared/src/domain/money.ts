/**
 * Money is integer paise inside; the API speaks rupees with at most two decimals.
 * These helpers are the only place the two meet.
 */
export const PAISE_PER_RUPEE = 100;
/** Anything above this is refused as absurd (₹1,000 crore). */
export const MAX_AMOUNT_PAISE = 1_000_000_000_000;

export type RupeeParseResult = { ok: true; paise: number } | { ok: false; reason: string };

/** Parses a rupee amount (number or decimal text) into integer paise, refusing what is not money. */
export function parseRupees(input: unknown): RupeeParseResult {
  const text = typeof input === 'number' ? numberToPlainText(input) : typeof input === 'string' ? input.trim() : null;
  if (text === null) return { ok: false, reason: 'must be a number' };
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) {
    if (/^-/.test(text)) return { ok: false, reason: 'must not be negative' };
    if (/^\d+\.\d{3,}$/.test(text)) return { ok: false, reason: 'must have at most two decimals' };
    return { ok: false, reason: 'must be a number with at most two decimals' };
  }
  const rupees = Number(match[1]);
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const paise = rupees * PAISE_PER_RUPEE + Number(fraction);
  if (paise > MAX_AMOUNT_PAISE) return { ok: false, reason: 'is too large' };
  return { ok: true, paise };
}

function numberToPlainText(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  // Shortest round-trip text; exponent forms are either tiny or huge and are refused above.
  return String(value);
}

/** Paise to rupees as a JSON number with two decimals at most. */
export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/**
 * Rupees from the wire (a number the contract already checked: at most two decimals) to integer
 * paise. Rounded, because 0.29 × 100 is 28.999… in floating point.
 */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

/** Whether a rupee number is whole paise (two decimals at most), judged so 0.1 + 0.2 style floats pass. */
export function isWholePaise(rupees: number): boolean {
  return Math.abs(Math.round(rupees * PAISE_PER_RUPEE) - rupees * PAISE_PER_RUPEE) < 1e-6;
}
