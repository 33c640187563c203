import { MULTIPLIER_SCALE, RANK_LABELS } from '@app/shared';
import type { TFunction } from 'i18next';

const SUIT_SYMBOLS = ['♠', '♥', '♦', '♣'] as const;

/** A card (0 … 51) as its rank and suit: A♠, 10♥, K♣. */
export function cardName(card: number): string {
  return `${RANK_LABELS[card % 13] ?? '?'}${SUIT_SYMBOLS[Math.floor(card / 13)] ?? ''}`;
}

const cards = (list: unknown) => (Array.isArray(list) ? list.map((card) => cardName(Number(card))).join(' ') : '');
const times = (multiplier: number) => (multiplier / MULTIPLIER_SCALE).toFixed(2);

interface SlotWin {
  line?: number;
  symbol: string;
  count: number;
  ways?: number;
  pays: number;
}

function slotLines(t: TFunction, value: Record<string, unknown>): string[] {
  const lines = [t('casino.verify.outcome.stops', { stops: (value.stops as number[] | undefined)?.join(', ') ?? '' })];
  const wins = (value.wins as SlotWin[] | undefined) ?? [];
  if (wins.length === 0) lines.push(t('casino.verify.outcome.noWin'));
  for (const win of wins) {
    lines.push(
      win.line === undefined
        ? t('casino.verify.outcome.waysWin', { symbol: win.symbol, count: win.count, ways: win.ways ?? 1, pays: times(win.pays) })
        : t('casino.verify.outcome.lineWin', { line: win.line, symbol: win.symbol, count: win.count, pays: times(win.pays) }),
    );
  }
  const free = value.free_spins as { wins: SlotWin[] }[] | undefined;
  if (free && free.length > 0) {
    const pays = free.flatMap((spin) => spin.wins).reduce((sum, win) => sum + win.pays, 0);
    lines.push(
      t('casino.verify.outcome.freeSpins', { count: free.length, scatters: Number(value.scatters ?? 0), pays: times(pays) }),
    );
  }
  return lines;
}

/**
 * A round's outcome in words for the player, by the game's own rules (docs/casino-fairness.md,
 * the games' table): a roll, a pocket and its colour, the cards dealt, where the mines were.
 */
export function readableOutcome(t: TFunction, game: string, outcome: unknown): string[] {
  const value = (outcome ?? {}) as Record<string, unknown>;
  const side = (name: unknown) => t(`casino.verify.sides.${String(name)}`, { defaultValue: String(name) });
  switch (game) {
    case 'dice':
      return [t('casino.verify.outcome.roll', { value: Number(value.roll).toFixed(2) })];
    case 'limbo':
      return [t('casino.verify.outcome.limbo', { value: Number(value.result).toFixed(2) })];
    case 'crash':
      return [t('casino.verify.outcome.crash', { value: Number(value.crash_point).toFixed(2) })];
    case 'mines':
      return [t('casino.verify.outcome.mines', { tiles: (value.mines as number[] | undefined)?.join(', ') ?? '' })];
    case 'plinko': {
      const path = ((value.path as number[] | undefined) ?? []).map((step) => (step === 1 ? '→' : '←')).join(' ');
      return [t('casino.verify.outcome.plinko', { bucket: Number(value.bucket) }), path];
    }
    case 'european-roulette':
      return [
        t('casino.verify.outcome.pocket', {
          pocket: Number(value.pocket),
          color: t(`casino.verify.colors.${String(value.color)}`),
        }),
      ];
    case 'teen-patti':
      return [
        t('casino.verify.outcome.hand', {
          side: side('A'),
          cards: cards(value.a),
          hand: t(`casino.verify.hands.${String(value.a_hand)}`),
        }),
        t('casino.verify.outcome.hand', {
          side: side('B'),
          cards: cards(value.b),
          hand: t(`casino.verify.hands.${String(value.b_hand)}`),
        }),
        t('casino.verify.outcome.winner', { side: side(value.winner) }),
      ];
    case 'andar-bahar':
      return [
        t('casino.verify.outcome.joker', { card: cardName(Number(value.joker)) }),
        t('casino.verify.outcome.pile', { side: side('andar'), cards: cards(value.andar) }),
        t('casino.verify.outcome.pile', { side: side('bahar'), cards: cards(value.bahar) }),
        t('casino.verify.outcome.winner', { side: side(value.winner) }),
      ];
    case 'dragon-tiger':
      return [
        t('casino.verify.outcome.pile', { side: side('dragon'), cards: cardName(Number(value.dragon)) }),
        t('casino.verify.outcome.pile', { side: side('tiger'), cards: cardName(Number(value.tiger)) }),
        t('casino.verify.outcome.winner', { side: side(value.winner) }),
      ];
    case 'lucky-7':
      return [t('casino.verify.outcome.lucky7', { card: cardName(Number(value.card)), result: side(value.result) })];
    default:
      return value.stops ? slotLines(t, value) : [JSON.stringify(outcome)];
  }
}

/** What the bet paid, in words. */
export function readablePayout(t: TFunction, multiplier: number): string {
  return multiplier > 0 ? t('casino.verify.outcome.pays', { value: times(multiplier) }) : t('casino.verify.outcome.loses');
}
