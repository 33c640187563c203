const UNITS = [
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

/**
 * Compact number format of docs/product.md §9: K at 1e3, M at 1e6, B at 1e9, one decimal;
 * '-' stays '-'; 0 (or anything that is not a number) gives '0'.
 */
export function formatCompactNumber(input: number | string): string {
  if (input === '-') return '-';
  const value = typeof input === 'number' ? input : Number(input);
  if (!Number.isFinite(value) || value === 0) return '0';
  const magnitude = Math.abs(value);
  for (const unit of UNITS) {
    if (magnitude >= unit.value) {
      const scaled = Math.trunc((value / unit.value) * 10) / 10;
      return `${stripZeroDecimal(scaled.toFixed(1))}${unit.suffix}`;
    }
  }
  return stripZeroDecimal(value.toFixed(1));
}

function stripZeroDecimal(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}
