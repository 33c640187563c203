import type { FairGameCode } from '@app/shared';

/** A bet's choices as the verifier's fields hold them (text, as typed). */
export type RawParams = Record<string, string>;

export type FieldSpec =
  | { name: string; kind: 'number'; label: string; min?: number; max?: number; step?: number }
  | { name: string; kind: 'select'; label: string; options: readonly { value: string; label: string }[] }
  | { name: string; kind: 'list'; label: string; hint: string };

const DEFAULTS: Partial<Record<FairGameCode, RawParams>> = {
  dice: { target: '50', direction: 'under' },
  limbo: { target: '2' },
  mines: { mines: '3', tiles: '0, 6, 12' },
  plinko: { rows: '16' },
  'european-roulette': { bet: 'red', pick: '' },
  'teen-patti': { side: 'A' },
  'andar-bahar': { side: 'andar' },
  'dragon-tiger': { side: 'dragon' },
  'lucky-7': { bet: 'low' },
  'classic-sevens': { lines: '5' },
};

export function defaultRawParams(game: FairGameCode): RawParams {
  return { ...(DEFAULTS[game] ?? {}) };
}

/** A recorded bet (`params` of a round) as the fields show it. */
export function rawParamsOf(game: FairGameCode, params: unknown): RawParams {
  const raw = defaultRawParams(game);
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    raw[key] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return raw;
}

const ROULETTE_PICKS = new Set(['straight', 'dozen', 'column']);

/** Whether the roulette bet takes a number (a single number, a dozen, a column). */
export const rouletteTakesPick = (bet: string | undefined) => ROULETTE_PICKS.has(bet ?? '');

/** The bet the game's rules read, from the fields; the game's own schema checks it after. */
export function buildParams(game: FairGameCode, raw: RawParams): Record<string, unknown> {
  const number = (key: string) => Number((raw[key] ?? '').trim().replace(',', '.'));
  switch (game) {
    case 'dice':
      return { target: number('target'), direction: raw.direction };
    case 'limbo':
      return { target: number('target') };
    case 'mines': {
      const tiles = (raw.tiles ?? '')
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      return { mines: number('mines'), tiles };
    }
    case 'plinko':
      return { rows: number('rows') };
    case 'european-roulette':
      return rouletteTakesPick(raw.bet) ? { bet: raw.bet, pick: number('pick') } : { bet: raw.bet };
    case 'teen-patti':
    case 'andar-bahar':
    case 'dragon-tiger':
      return { side: raw.side };
    case 'lucky-7':
      return { bet: raw.bet };
    case 'classic-sevens':
      return { lines: number('lines') };
    default:
      return {};
  }
}
