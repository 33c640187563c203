import { z } from 'zod';
import { type Card, cardRank, dealFromDeck } from '../cards';
import { defineFairGame } from '../game';

export const ANDAR_BAHAR_PAYS = { andar: 19_000, bahar: 20_000 } as const;

export const andarBaharParams = z.strictObject({ side: z.enum(['andar', 'bahar']) });
export type AndarBaharParams = z.infer<typeof andarBaharParams>;

/**
 * The chance that the first card matching the joker falls on Andar (dealt first): the three
 * matching cards lie among the 51 left, and the first of them sits at an even position.
 */
export function andarChance(): number {
  const total = (51 * 50 * 49) / 6;
  let andar = 0;
  for (let position = 0; position <= 48; position += 2) andar += ((50 - position) * (49 - position)) / 2;
  return andar / total;
}

/**
 * Andar Bahar: the first card is the joker; then cards go to Andar, Bahar, Andar … until one
 * matches the joker's rank. Andar pays 1.9×, Bahar 2×.
 */
export const andarBahar = defineFairGame({
  code: 'andar-bahar',
  name: 'Andar Bahar',
  category: 'SN',
  params: andarBaharParams,
  floatCount: () => 52,
  resolve(floats, params) {
    const deck = dealFromDeck(floats, 52);
    const joker = deck[0] as Card;
    const andar: Card[] = [];
    const bahar: Card[] = [];
    let winner: 'andar' | 'bahar' = 'andar';
    for (let index = 1; index < deck.length; index += 1) {
      const card = deck[index] as Card;
      const side = index % 2 === 1 ? andar : bahar;
      side.push(card);
      if (cardRank(card) === cardRank(joker)) {
        winner = side === andar ? 'andar' : 'bahar';
        break;
      }
    }
    return { outcome: { joker, andar, bahar, winner }, multiplier: winner === params.side ? ANDAR_BAHAR_PAYS[params.side] : 0 };
  },
  rtpPercent: (params) => {
    const chance = params.side === 'andar' ? andarChance() : 1 - andarChance();
    return Math.round(chance * ANDAR_BAHAR_PAYS[params.side]) / 100;
  },
  benchParams: { side: 'andar' },
});
