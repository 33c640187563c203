/** Cards 0..51: rank = index % 13 (0 = ace … 12 = king), suit = floor(index / 13). */
export type Card = number;

export const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
export const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

/** 1 (ace) … 13 (king). */
export function cardRank(card: Card): number {
  return (card % 13) + 1;
}

export function cardSuit(card: Card): (typeof SUITS)[number] {
  return SUITS[Math.floor(card / 13)] ?? 'spades';
}

export function cardLabel(card: Card): string {
  return `${RANK_LABELS[card % 13] ?? '?'}${'♠♥♦♣'[Math.floor(card / 13)] ?? ''}`;
}

/**
 * Deals cards without replacement from one ordered 52-card deck: the i-th float picks
 * floor(float × cards left) among the cards still in the deck (an unbiased partial shuffle).
 */
export function dealFromDeck(floats: readonly number[], count: number): Card[] {
  const deck = Array.from({ length: 52 }, (_, index) => index);
  const dealt: Card[] = [];
  for (let index = 0; index < count; index += 1) {
    const float = floats[index];
    if (float === undefined) throw new Error('Not enough floats to deal');
    const pick = Math.floor(float * deck.length);
    dealt.push(deck.splice(pick, 1)[0] as Card);
  }
  return dealt;
}

/** Picks `count` distinct positions out of `size` the same way (Mines), in the order picked. */
export function pickPositions(floats: readonly number[], size: number, count: number): number[] {
  const positions = Array.from({ length: size }, (_, index) => index);
  const picked: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const float = floats[index];
    if (float === undefined) throw new Error('Not enough floats to pick');
    picked.push(positions.splice(Math.floor(float * positions.length), 1)[0] as number);
  }
  return picked;
}
