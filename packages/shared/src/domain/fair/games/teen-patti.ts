import { z } from 'zod';
import { type Card, cardRank, cardSuit, dealFromDeck } from '../cards';
import { defineFairGame } from '../game';

export const TEEN_PATTI_HANDS = ['high card', 'pair', 'color', 'sequence', 'pure sequence', 'trail'] as const;

/** Rank with the ace high: 2 … 14. */
function highRank(card: Card): number {
  const rank = cardRank(card);
  return rank === 1 ? 14 : rank;
}

/**
 * The strength of a three-card hand: category (trail > pure sequence > sequence > color > pair >
 * high card), then the ranks. A-K-Q is the best sequence and A-2-3 the second best.
 */
export function teenPattiScore(hand: readonly Card[]): { score: number; hand: (typeof TEEN_PATTI_HANDS)[number] } {
  const ranks = hand.map(highRank).sort((a, b) => b - a);
  const [a = 0, b = 0, c = 0] = ranks;
  const isFlush = new Set(hand.map(cardSuit)).size === 1;
  const isAceLow = a === 14 && b === 3 && c === 2;
  const isRun = (a - b === 1 && b - c === 1) || isAceLow;
  const runValue = a === 14 && b === 13 ? 16 : isAceLow ? 15 : a;
  let category: number;
  let tieBreak: [number, number, number];
  if (a === c) [category, tieBreak] = [5, [a, 0, 0]];
  else if (isRun && isFlush) [category, tieBreak] = [4, [runValue, 0, 0]];
  else if (isRun) [category, tieBreak] = [3, [runValue, 0, 0]];
  else if (isFlush) [category, tieBreak] = [2, [a, b, c]];
  else if (a === b || b === c) [category, tieBreak] = [1, [b, a === b ? c : a, 0]];
  else [category, tieBreak] = [0, [a, b, c]];
  const score = ((category * 17 + tieBreak[0]) * 17 + tieBreak[1]) * 17 + tieBreak[2];
  return { score, hand: TEEN_PATTI_HANDS[category] ?? 'high card' };
}

export const teenPattiParams = z.strictObject({ side: z.enum(['A', 'B']) });
export type TeenPattiParams = z.infer<typeof teenPattiParams>;

/** What a winning side pays (×10 000); a tie returns the stake (TEEN_PATTI_TIE_MULTIPLIER). */
export const TEEN_PATTI_PAYS = { A: 19_800, B: 19_800 } as const;
export const TEEN_PATTI_TIE_MULTIPLIER = 10_000;

/** A tie (equal hands) happens in 0.1106% of deals; it returns the stake (enumerated: docs/casino-fairness.md). */
export const TEEN_PATTI_TIE_PERCENT = 0.1106;

/**
 * Teen Patti (one-day, player A against player B): six cards dealt alternately A, B, A, B, A, B
 * from one deck; the better hand wins 1.98×, a tie returns the stake.
 */
export const teenPatti = defineFairGame({
  code: 'teen-patti',
  name: 'Teen Patti',
  category: 'SN',
  params: teenPattiParams,
  floatCount: () => 6,
  resolve(floats, params) {
    const cards = dealFromDeck(floats, 6);
    const handA = [cards[0], cards[2], cards[4]] as Card[];
    const handB = [cards[1], cards[3], cards[5]] as Card[];
    const scoreA = teenPattiScore(handA);
    const scoreB = teenPattiScore(handB);
    const winner = scoreA.score === scoreB.score ? 'tie' : scoreA.score > scoreB.score ? 'A' : 'B';
    const multiplier = winner === 'tie' ? TEEN_PATTI_TIE_MULTIPLIER : winner === params.side ? TEEN_PATTI_PAYS[params.side] : 0;
    return { outcome: { a: handA, b: handB, a_hand: scoreA.hand, b_hand: scoreB.hand, winner }, multiplier };
  },
  rtpPercent: () => Math.round((0.99 * (100 - TEEN_PATTI_TIE_PERCENT) + TEEN_PATTI_TIE_PERCENT) * 100) / 100,
  benchParams: { side: 'A' },
});
