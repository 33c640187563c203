import type { MarketKind } from '@app/shared';

/**
 * A model price as the slip prints it: match odds with two decimals (the stepper's 0.02 steps
 * show), a bookmaker rate as quoted, a fancy line as run / size. Latin digits, as every number on
 * the site (docs/shell.md "Numbers").
 */
export function priceText(kind: MarketKind, price: number | null, run?: number | null): string {
  if (price === null) return '—';
  if (kind === 'match_odds') return (price / 100).toFixed(2);
  if (kind === 'fancy') return `${run ?? '—'} / ${price}`;
  return String(price);
}

/** A wire price (decimal odds, a rate, or a fancy size with its run) as the slip prints it. */
export function wirePriceText(kind: MarketKind, odds: number, run: number | null): string {
  return priceText(kind, kind === 'match_odds' ? Math.round(odds * 100) : odds, run);
}
