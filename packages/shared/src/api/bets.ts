import { z } from 'zod';
import { MAX_FANCY_RUN, MAX_MATCH_ODDS, MAX_RATE_PER_100, MAX_STAKE_PAISE } from '../domain/bets';
import { isWholePaise, PAISE_PER_RUPEE } from '../domain/money';
import { isCalendarDay, MAX_REPORT_PAGE_SIZE, reportRangeDays } from '../domain/wallet';
import { defineEndpoint } from './contract';

/**
 * Placement requests and answers, spelled as docs/product.md §7 sends them (`stack` is the stake, in rupees),
 * the win/loss list and the bet reports.
 */

const MAX_STACK_RUPEES = MAX_STAKE_PAISE / PAISE_PER_RUPEE;

/** At most two decimals (odds and shares in hundredths, rupees in paise): the same test as money's. */
const hasAtMostTwoDecimals = isWholePaise;

const positiveId = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d{1,15}$/, 'must be a whole number')
    .transform(Number),
]);

/** Market ids are text such as "1.234567" or "9991042"; numbers are read as their text. */
const marketId = z.union([
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'must be a market id'),
  z
    .number()
    .int()
    .positive()
    .transform((value) => String(value)),
]);

/** 1 back (fancy Yes), 0 lay (fancy No); clients send it as a number, a digit or a boolean. */
const isBack = z.union([
  z.literal(0),
  z.literal(1),
  z.enum(['0', '1']).transform((value) => Number(value) as 0 | 1),
  z.boolean().transform((value) => (value ? 1 : 0) as 0 | 1),
]);

const stack = z
  .number()
  .positive('stack must be more than 0')
  .max(MAX_STACK_RUPEES, `stack must be at most ${MAX_STACK_RUPEES}`)
  .refine(hasAtMostTwoDecimals, 'stack must have at most two decimals');

/** Decimal odds (1.01 to 1000) for match odds, the per-100 rate for bookmaker markets. */
const odds = z
  .number()
  .gt(0, 'odds must be more than 0')
  .max(MAX_MATCH_ODDS, 'odds are too high')
  .refine(hasAtMostTwoDecimals, 'odds must have at most two decimals');

/** A yes/no choice a client may send as a boolean or 0/1. */
const optionalFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((value) => value === true || value === 1)
  .optional();

export const placeMarketBetRequestSchema = z.strictObject({
  match_id: positiveId,
  market_id: marketId,
  selection_id: positiveId,
  odds,
  stack,
  is_back: isBack,
  /**
   * Not in the spec's payload, optional (the spec's six fields alone are still a whole request).
   * A bet always takes the best price on offer when it is better than the one asked (docs/betting.md
   * "Best execution"), so this older field changes nothing now; it is still accepted.
   */
  accept_better_odds: optionalFlag,
  /**
   * Ours and optional: true takes the bet at the price on offer even when it is worse than the one
   * asked (a back below, a lay above); absent or false, a worse price is refused with ODDS_CHANGED.
   */
  accept_any_odds: optionalFlag,
});
export type PlaceMarketBetRequest = z.input<typeof placeMarketBetRequestSchema>;

export const placeFancyBetRequestSchema = z.strictObject({
  fancy_id: positiveId,
  selection_id: positiveId,
  run: z.number().int('run must be a whole number').min(0).max(MAX_FANCY_RUN),
  stack,
  is_back: isBack,
  size: z.number().int('size must be a whole number').positive().max(MAX_RATE_PER_100),
  /** Anything but 'M' is a fancy bet (docs/product.md §4). */
  bet_type: z
    .string()
    .trim()
    .min(1)
    .max(10)
    .refine((value) => value !== 'M', 'bet_type M is a market bet'),
});
export type PlaceFancyBetRequest = z.input<typeof placeFancyBetRequestSchema>;

/** Rupees on the wire. */
const rupees = z.number();

/**
 * The `data` of an `ODDS_CHANGED` refusal (docs/betting.md "Placement"): the price on offer now on
 * the bet's side, so the slip can offer it in one tap. `odds`: decimal odds, the per-100 rate, or
 * the fancy size; `run`: the fancy line (null for a market bet). `odds` null: nothing on offer.
 */
export const oddsChangedDataSchema = z.object({
  is_back: z.union([z.literal(0), z.literal(1)]),
  odds: z.number().nullable(),
  run: z.number().int().nullable(),
});
export type OddsChangedData = z.infer<typeof oddsChangedDataSchema>;

/** One row of a fancy line's run position: the profit or loss for every result from `from_run` to `to_run` (null: and above). */
export const runPositionRowSchema = z.object({
  from_run: z.number().int(),
  to_run: z.number().int().nullable(),
  profit_loss: rupees,
});
export type RunPositionRow = z.infer<typeof runPositionRowSchema>;

/**
 * What a placement answers: the bet, the odds it was taken at (decimal odds, a per-100 rate, or
 * a fancy size), and the player's balance right after it (docs/betting.md).
 */
export const placedBetSchema = z.object({
  bet_id: z.number().int(),
  odds: z.number(),
  run: z.number().int().nullable(),
  stack: rupees,
  is_back: z.union([z.literal(0), z.literal(1)]),
  /** What the bet holds at worst (its liability) and what it wins. */
  liability: rupees,
  possible_win: rupees,
  /** Cash available after the bet, and the total held for open bets. */
  free_chip: rupees,
  exposure: rupees,
  /** What the player's bets in this market hold now, after netting. */
  market_exposure: rupees,
});
export type PlacedBet = z.infer<typeof placedBetSchema>;

export const placeMarketBet = defineEndpoint({
  method: 'POST',
  path: 'bet/placeMarketBet',
  auth: 'user',
  request: placeMarketBetRequestSchema,
  data: placedBetSchema,
  isMoneyMoving: true,
});

export const placeFancyBet = defineEndpoint({
  method: 'POST',
  path: 'bet/placeFancyBet',
  auth: 'user',
  request: placeFancyBetRequestSchema,
  data: placedBetSchema,
  isMoneyMoving: true,
});

/**
 * Cash out (docs/betting.md "Cash out"): one leg of the hedge, as bets are spelled on the wire —
 * decimal odds or the per-100 rate, the stake in rupees.
 */
export const cashOutLegSchema = z.object({
  selection_id: z.number().int(),
  is_back: z.union([z.literal(0), z.literal(1)]),
  odds: z.number(),
  stack: rupees,
});
export type CashOutLegWire = z.infer<typeof cashOutLegSchema>;

/**
 * `bet/cashOutQuote`: `value` is the profit (rupees, may be negative) that a full cash out now
 * locks in whichever runner wins; `legs` the bets it would place. Also the `data` of a
 * `CASH_OUT_CHANGED` refusal: the quote at the prices on offer now.
 */
export const cashOutQuoteSchema = z.object({
  market_id: z.string(),
  value: rupees,
  legs: z.array(cashOutLegSchema),
});
export type CashOutQuoteWire = z.infer<typeof cashOutQuoteSchema>;

export const cashOutQuote = defineEndpoint({
  method: 'POST',
  path: 'bet/cashOutQuote',
  auth: 'user',
  request: z.strictObject({ market_id: marketId }),
  data: cashOutQuoteSchema,
});

/** A signed amount of rupees with at most two decimals (a cash-out value may be a loss). */
const signedRupees = z
  .number()
  .min(-MAX_STACK_RUPEES * 1_000)
  .max(MAX_STACK_RUPEES * 1_000)
  .refine(hasAtMostTwoDecimals, 'value must have at most two decimals');

export const cashOutRequestSchema = z.strictObject({
  market_id: marketId,
  /** How much of the position to close: 0.01 to 1 (the whole). */
  share: z
    .number()
    .min(0.01, 'share must be from 0.01 to 1')
    .max(1, 'share must be from 0.01 to 1')
    .refine(hasAtMostTwoDecimals, 'share must have at most two decimals'),
  /** The full cash-out value the player was shown (the quote's `value`): a different value now refuses. */
  value: signedRupees,
});
export type CashOutRequest = z.input<typeof cashOutRequestSchema>;

/**
 * `bet/cashOut`: places the legs for `share` of the full cash out, as one action, and answers them
 * with the player's balance after (as a placement does).
 */
export const cashOut = defineEndpoint({
  method: 'POST',
  path: 'bet/cashOut',
  auth: 'user',
  request: cashOutRequestSchema,
  data: z.object({
    market_id: z.string(),
    share: z.number(),
    /** The full value at the prices taken (the share locks in about `share` of it). */
    value: rupees,
    legs: z.array(cashOutLegSchema.extend({ bet_id: z.number().int() })),
    free_chip: rupees,
    exposure: rupees,
    market_exposure: rupees,
  }),
  isMoneyMoving: true,
});

const matchIdField = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d{1,15}$/, 'must be a whole number')
    .transform(Number),
]);

/**
 * One row of the win/loss list (docs/product.md §3): `profit_loss` is the player's total in the
 * market if this runner wins — in a market paying several runners (Place), if it places, at worst
 * over the others placed with it. Ours, added: that total at best, and the total if the runner
 * does not win or place, at worst and at best (null: it cannot lose). docs/betting.md "The win/loss list".
 */
export const winLossRowSchema = z.object({
  selection_id: z.number().int(),
  team_name: z.string(),
  profit_loss: rupees,
  profit_loss_best: rupees,
  if_loses: rupees.nullable(),
  if_loses_best: rupees.nullable(),
});
export type WinLossRow = z.infer<typeof winLossRowSchema>;

/**
 * `bet/getWinLossList {match_id}`: the caller's book in each market of the match they have open
 * bets in: per runner, the profit or loss if it wins; per fancy line, what it holds.
 */
export const getWinLossList = defineEndpoint({
  method: 'POST',
  path: 'bet/getWinLossList',
  auth: 'user',
  request: z.strictObject({ match_id: matchIdField }),
  data: z.object({
    markets: z.array(
      z.object({
        market_id: z.string(),
        /** How many runners the market pays: 1, or a Place market's 2 or 3. */
        winners: z.number().int(),
        win_loss: z.array(winLossRowSchema),
        exposure: rupees,
      }),
    ),
    fancy: z.array(z.object({ fancy_id: z.number().int(), exposure: rupees, run_position: z.array(runPositionRowSchema) })),
  }),
});

/** Bet reports look back at most this far (docs/betting.md, "Reports"). */
export const BET_REPORT_MAX_DAYS = 90;

const reportDayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-01-31')
  .refine(isCalendarDay, 'must be a real date');

const betReportPaging = {
  sport_id: z.number().int().optional(),
  page: z.number().int().min(1).max(100_000).optional(),
  limit: z.number().int().min(1).max(MAX_REPORT_PAGE_SIZE).optional(),
};

export const betRowSchema = z.object({
  bet_id: z.number().int(),
  /** ISO time. */
  placed_at: z.string(),
  settled_at: z.string().nullable(),
  sport_id: z.number().int(),
  match_id: z.number().int(),
  match_name: z.string(),
  market_id: z.string().nullable(),
  fancy_id: z.number().int().nullable(),
  market_name: z.string(),
  selection_id: z.number().int(),
  selection_name: z.string(),
  bet_type: z.enum(['M', 'F']),
  is_back: z.union([z.literal(0), z.literal(1)]),
  odds: z.number(),
  run: z.number().int().nullable(),
  stack: rupees,
  liability: rupees,
  possible_win: rupees,
  status: z.enum(['open', 'won', 'lost', 'void']),
  /** Signed, once settled. */
  profit_loss: rupees.nullable(),
  /** 1: a leg of a cash out (docs/betting.md "Cash out"). */
  is_cash_out: z.union([z.literal(0), z.literal(1)]),
  /** 1: its settlement was corrected by an operator (voided or re-settled after a result). */
  is_corrected: z.union([z.literal(0), z.literal(1)]),
  /**
   * The price it was settled at when a non-runner's reduction factor lowered `odds` (decimal
   * odds; docs/betting.md "Non-runners and dead heats"); absent when settled at its own price.
   */
  settled_odds: z.number().optional(),
});
export type BetRow = z.infer<typeof betRowSchema>;

const betPagingSchema = z.object({ page: z.number(), limit: z.number(), total_rows: z.number() });

/** `report/currentBets`: the caller's open bets, newest first. */
export const currentBets = defineEndpoint({
  method: 'POST',
  path: 'report/currentBets',
  auth: 'user',
  request: z.strictObject(betReportPaging),
  data: betPagingSchema.extend({
    rows: z.array(betRowSchema),
    /**
     * Over all pages: the stakes; each bet's own liability summed; and `exposure`, what the player
     * can lose at worst with each market's bets netted (a lay covers a back), the money held for
     * them — with no sport filter, the header's exposure (docs/betting.md "Reports").
     */
    totals: z.object({ stack: rupees, liability: rupees, exposure: rupees }),
    /** Every fancy line the caller has open bets on (all pages), with its run position. */
    fancy: z.array(
      z.object({
        fancy_id: z.number().int(),
        match_id: z.number().int(),
        match_name: z.string(),
        name: z.string(),
        run_position: z.array(runPositionRowSchema),
      }),
    ),
    /** Every match-odds and bookmaker market the caller has open bets in (all pages): cash out is offered on these. */
    markets: z.array(
      z.object({
        market_id: z.string(),
        match_id: z.number().int(),
        match_name: z.string(),
        market_name: z.string(),
      }),
    ),
  }),
});

/** `report/betHistory`: settled bets by settlement day (India), at most 90 days back. */
export const betHistory = defineEndpoint({
  method: 'POST',
  path: 'report/betHistory',
  auth: 'user',
  request: z
    .strictObject({ ...betReportPaging, from_date: reportDayField.optional(), to_date: reportDayField.optional() })
    .refine((query) => !query.from_date || !query.to_date || query.from_date <= query.to_date, {
      message: 'from_date must not be after to_date',
      path: ['from_date'],
    })
    .refine(
      (query) => !query.from_date || !query.to_date || reportRangeDays(query.from_date, query.to_date) <= BET_REPORT_MAX_DAYS,
      { message: `Bet history covers at most ${BET_REPORT_MAX_DAYS} days`, path: ['to_date'] },
    ),
  data: betPagingSchema.extend({
    from_date: z.string(),
    to_date: z.string(),
    rows: z.array(betRowSchema),
    totals: z.object({ stack: rupees, profit_loss: rupees }),
  }),
});
