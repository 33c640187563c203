import { type MarketKind, type OddsChangedData, toOddsHundredths } from '@app/shared';

/**
 * The slip's selection as the page sees it now (the app feeds it from the live prices): status,
 * the price on offer on the slip's side in the model's integer units (hundredths, per 100, or the
 * fancy size), a fancy line's run, and the in-play delay.
 */
export interface LiveQuote {
  status: 'OPEN' | 'SUSPENDED' | 'CLOSED';
  price: number | null;
  run: number | null;
  inPlay: boolean;
  betDelaySeconds: number;
}

/** A move of the price while the slip is open; `count` tells one move from the next for the view. */
export interface PriceMove {
  direction: 'up' | 'down';
  count: number;
}

/** A price the slip can take in one tap. */
export interface PriceOffer {
  price: number;
  run: number | null;
}

/** A refused press: the code, the text the player reads, and for a moved price the price now. */
export interface SlipRefusal {
  code: string;
  message: string;
  offer: PriceOffer | null;
}

/**
 * What moved between two quotes: the price number (up: higher odds), or for a fancy line its run
 * first (the line moving is what a fancy player watches), then its size. No move: the last one stays.
 */
export function moveBetween(
  kind: MarketKind,
  before: LiveQuote | null,
  after: LiveQuote | null,
  last: PriceMove | null,
): PriceMove | null {
  if (!before || !after) return last;
  const pairs: [number | null, number | null][] =
    kind === 'fancy'
      ? [
          [before.run, after.run],
          [before.price, after.price],
        ]
      : [[before.price, after.price]];
  for (const [from, to] of pairs) {
    if (from === null || to === null || from === to) continue;
    return { direction: to > from ? 'up' : 'down', count: (last?.count ?? 0) + 1 };
  }
  return last;
}

export function offerFromQuote(quote: LiveQuote): PriceOffer | null {
  return quote.price === null ? null : { price: quote.price, run: quote.run };
}

function isOddsChangedData(data: unknown): data is OddsChangedData {
  if (typeof data !== 'object' || data === null) return false;
  const { odds, run } = data as Record<string, unknown>;
  return (odds === null || typeof odds === 'number') && (run === null || typeof run === 'number');
}

/**
 * A refusal from the place action: an Error with the player's text and, from the API, its `code`
 * and `data` (`ODDS_CHANGED` carries the price on offer: docs/betting.md "Placement").
 */
export function refusalOf(error: unknown, kind: MarketKind, fallbackMessage: string): SlipRefusal {
  const details = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; data?: unknown };
  const code = typeof details.code === 'string' ? details.code : 'INTERNAL';
  const message = error instanceof Error && error.message ? error.message : fallbackMessage;
  let offer: PriceOffer | null = null;
  if (code === 'ODDS_CHANGED' && isOddsChangedData(details.data) && details.data.odds !== null) {
    const price = toOddsHundredths(kind, details.data.odds);
    if (price !== null) offer = { price, run: details.data.run };
  }
  return { code, message, offer };
}
