import { z } from 'zod';
import { type Card, cardRank, dealFromDeck } from '../cards';
import { defineFairGame } from '../game';

/** What a winning side pays (×10 000); on a tie the bet gets half back (DRAGON_TIGER_TIE_MULTIPLIER). */
export const DRAGON_TIGER_PAYS = { dragon: 20_000, tiger: 20_000 } as const;
export const DRAGON_TIGER_TIE_MULTIPLIER = 5_000;

export const dragonTigerParams = z.strictObject({ side: z.enum(['dragon', 'tiger']) });
export type DragonTigerParams = z.infer<typeof dragonTigerParams>;

/**
 * Dragon Tiger: one card to Dragon, one to Tiger, from one deck; the higher rank wins 2×
 * (ace low, king high); on a tie the bet loses half.
 */
export const dragonTiger = defineFairGame({
  code: 'dragon-tiger',
  name: 'Dragon Tiger',
  category: 'SN',
  params: dragonTigerParams,
  floatCount: () => 2,
  resolve(floats, params) {
    const [dragon, tiger] = dealFromDeck(floats, 2) as [Card, Card];
    const winner = cardRank(dragon) === cardRank(tiger) ? 'tie' : cardRank(dragon) > cardRank(tiger) ? 'dragon' : 'tiger';
    const multiplier =
      winner === 'tie' ? DRAGON_TIGER_TIE_MULTIPLIER : winner === params.side ? DRAGON_TIGER_PAYS[params.side] : 0;
    return { outcome: { dragon, tiger, winner }, multiplier };
  },
  // P(win) = 24/51, P(tie) = 3/51: 2 × 24/51 + 0.5 × 3/51 = 49.5/51.
  rtpPercent: () => Math.round((49.5 / 51) * 10_000) / 100,
  benchParams: { side: 'dragon' },
});
