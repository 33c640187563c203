import { RANK_LABELS } from '@app/shared';

const SUIT_SYMBOLS = ['♠', '♥', '♦', '♣'] as const;

/** One card face (0 … 51), turned over with a short flip. */
export function PlayingCard({ card, delayMs = 0 }: { card: number; delayMs?: number }) {
  const suit = Math.floor(card / 13);
  const rank = RANK_LABELS[card % 13] ?? '?';
  const isRed = suit === 1 || suit === 2;
  return (
    <span
      className={`casino-card${isRed ? ' casino-card--red' : ''}`}
      style={{ animationDelay: `${delayMs}ms` }}
      role="img"
      aria-label={`${rank}${SUIT_SYMBOLS[suit] ?? ''}`}
    >
      <span aria-hidden="true">{rank}</span>
      <span aria-hidden="true">{SUIT_SYMBOLS[suit]}</span>
    </span>
  );
}
