import { MAX_ODDS_HUNDREDTHS, MIN_ODDS_HUNDREDTHS, oddsLadderFloor, oddsLadderStep, rupeesToPaise } from '@app/shared';
import type { FeedPrice } from '../odds-feed';
import { unitFor } from './sim-random';

/** The book's margin each side of the fair price. */
const MARGIN = 0.02;
const LADDER_DEPTH = 3;

function ladderCeil(oddsHundredths: number): number {
  const floor = oddsLadderFloor(oddsHundredths);
  return floor >= oddsHundredths ? floor : oddsLadderStep(floor, 1);
}

/** Liquidity at one level, in paise: whole rupees, steady for a while, then it changes. */
export function sizeAt(key: string, level: number, bucket: number): number {
  const unit = unitFor(key, level, bucket);
  const rupees = 100 + Math.round((unit * unit * 50_000) / 10) * 10;
  return rupeesToPaise(rupees);
}

/**
 * Exchange prices for a runner whose chance is `probability`: back below and lay above the fair
 * odds, on the tick ladder, best first; the back is always strictly below the lay.
 */
export function exchangeLadder(probability: number, sizeKey: string, bucket: number): { back: FeedPrice[]; lay: FeedPrice[] } {
  const p = Math.min(0.99, Math.max(0.002, probability));
  let back = oddsLadderFloor(Math.floor(100 / (p * (1 + MARGIN))));
  if (back >= MAX_ODDS_HUNDREDTHS) back = oddsLadderStep(MAX_ODDS_HUNDREDTHS, -1);
  let lay = ladderCeil(Math.ceil(100 / (p * (1 - MARGIN))));
  if (lay <= back) lay = oddsLadderStep(back, 1);
  const backs: FeedPrice[] = [];
  const lays: FeedPrice[] = [];
  for (let level = 0; level < LADDER_DEPTH; level++) {
    const backOdds = oddsLadderStep(back, -level);
    if (backs.length === 0 || backOdds < (backs.at(-1)?.odds ?? 0)) {
      if (backOdds >= MIN_ODDS_HUNDREDTHS) backs.push({ odds: backOdds, sizePaise: sizeAt(`${sizeKey}:b`, level, bucket) });
    }
    const layOdds = oddsLadderStep(lay, level);
    if (lays.length === 0 || layOdds > (lays.at(-1)?.odds ?? Infinity)) {
      lays.push({ odds: layOdds, sizePaise: sizeAt(`${sizeKey}:l`, level, bucket) });
    }
  }
  return { back: backs, lay: lays };
}

/** Bookmaker prices: odds per 100 (85 pays 0.85 per rupee), one level each side, back below lay. */
export function bookmakerPrices(probability: number, sizeKey: string, bucket: number): { back: FeedPrice[]; lay: FeedPrice[] } {
  const p = Math.min(0.99, Math.max(0.01, probability));
  const fair = (1 / p - 1) * 100;
  const back = Math.max(1, Math.floor(fair * 0.96));
  const lay = Math.max(back + 1, Math.ceil(fair * 1.04));
  return {
    back: [{ odds: back, sizePaise: sizeAt(`${sizeKey}:bb`, 0, bucket) * 10 }],
    lay: [{ odds: lay, sizePaise: sizeAt(`${sizeKey}:bl`, 0, bucket) * 10 }],
  };
}

/** A slow, believable pre-match wander (in log-odds), a pure function of time. */
export function prematchWander(key: string, simMinutes: number): number {
  const step = Math.floor(simMinutes * 3) / 3; // moves every 20 simulated seconds
  const phase1 = unitFor(key, 'p1') * 2 * Math.PI;
  const phase2 = unitFor(key, 'p2') * 2 * Math.PI;
  const phase3 = unitFor(key, 'p3') * 2 * Math.PI;
  return (
    0.22 * Math.sin((2 * Math.PI * step) / 180 + phase1) +
    0.1 * Math.sin((2 * Math.PI * step) / 37 + phase2) +
    0.04 * Math.sin((2 * Math.PI * step) / 7 + phase3)
  );
}
