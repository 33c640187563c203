import { z } from 'zod';
import { type Card, cardRank, dealFromDeck } from '../cards';
import { defineFairGame } from '../game';

export const LUCKY_7_PAYS = { low: 21_000, high: 21_000, seven: 126_000 } as const;

export const lucky7Params = z.strictObject({ bet: z.enum(['low', 'high', 'seven']) });
export type Lucky7Params = z.infer<typeof lucky7Params>;

/** Lucky 7: one card; low (A–6) and high (8–K) pay 2.1×, a seven pays 12.6×. */
export const lucky7 = defineFairGame({
  code: 'lucky-7',
  name: 'Lucky 7',
  category: 'SN',
  params: lucky7Params,
  floatCount: () => 1,
  resolve(floats, params) {
    const [card] = dealFromDeck(floats, 1) as [Card];
    const rank = cardRank(card);
    const result = rank === 7 ? 'seven' : rank < 7 ? 'low' : 'high';
    return { outcome: { card, result }, multiplier: result === params.bet ? LUCKY_7_PAYS[params.bet] : 0 };
  },
  // low and high: 24/52 × 2.1; seven: 4/52 × 12.6 — both 96.92%.
  rtpPercent: (params) => Math.round(((params.bet === 'seven' ? 4 : 24) / 52) * LUCKY_7_PAYS[params.bet]) / 100,
  benchParams: { bet: 'low' },
});
