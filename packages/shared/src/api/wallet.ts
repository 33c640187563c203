import { z } from 'zod';
import {
  BUTTON_TYPES,
  MAX_BUTTON_NAME_LENGTH,
  MAX_BUTTON_VALUE_RUPEES,
  MAX_BUTTONS_PER_TYPE,
  MAX_REPORT_PAGE_SIZE,
  MAX_REPORT_RANGE_DAYS,
  isCalendarDay,
  reportRangeDays,
} from '../domain/wallet';
import { POSTING_KINDS } from '../domain/postings';
import { DEPOSIT_STATUSES, PAYMENT_METHODS, WITHDRAW_STATUSES } from '../domain/payments';
import { defineEndpoint } from './contract';

/** Rupees on the wire: a JSON number with at most two decimals. */
const rupees = z.number();

export const balanceSchema = z.object({
  /** Cash available to bet: cash minus what is held for open bets. */
  free_chip: rupees,
  /** Liability held for open bets. */
  exposure: rupees,
  /** split_bonus + wagger_bonus. */
  bonus_amount: rupees,
  split_bonus: rupees,
  wagger_bonus: rupees,
  /** 1 split, 2 wager, 0 none. */
  active_wallet: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type Balance = z.infer<typeof balanceSchema>;

export const getUserBalance = defineEndpoint({
  method: 'POST',
  path: 'user/getUserBalance',
  auth: 'user',
  request: z.strictObject({}),
  data: balanceSchema,
  /** The 5-second poll must not keep an idle session alive (docs/product.md). */
  countsAsActivity: false,
  fromMemory: true,
  /** The header keeps showing the balance while a forced password change is pending. */
  allowedBeforePasswordChange: true,
});

const walletStatus = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.enum(['0', '1', '2']).transform((value) => Number(value) as 0 | 1 | 2),
]);

export const updateUserWalletStatus = defineEndpoint({
  method: 'POST',
  path: 'user/updateUserWalletStatus',
  auth: 'user',
  request: z.strictObject({ status: walletStatus }),
  data: z.object({ active_wallet: z.union([z.literal(0), z.literal(1), z.literal(2)]) }),
  /** It decides which money the next stakes come from: a retry must apply once. */
  isMoneyMoving: true,
});

export const stakeButtonSchema = z.strictObject({
  button_name: z
    .string()
    .trim()
    .min(1, 'Button name is required')
    .max(MAX_BUTTON_NAME_LENGTH, `Button name must be at most ${MAX_BUTTON_NAME_LENGTH} characters`)
    // eslint-disable-next-line no-control-regex
    .refine((name) => !/[\u0000-\u001f\u007f<>]/.test(name), 'Button name has characters that are not allowed'),
  button_value: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, 'Button value must be a whole number of rupees'),
    ])
    .transform(Number)
    .refine((value) => Number.isInteger(value), 'Button value must be a whole number of rupees')
    .refine((value) => value > 0, 'Button value must be more than 0')
    .refine((value) => value <= MAX_BUTTON_VALUE_RUPEES, `Button value must be at most ${MAX_BUTTON_VALUE_RUPEES}`),
  type: z.enum(BUTTON_TYPES as [ButtonTypeName, ...ButtonTypeName[]]),
});
type ButtonTypeName = 'Game' | 'Casino';

/** The list of buttons; each type present replaces that type's buttons, a type left out is kept. */
export const stakeButtonListSchema = z
  .array(stakeButtonSchema)
  .min(1, 'Send at least one button')
  .superRefine((buttons, context) => {
    for (const type of BUTTON_TYPES) {
      const count = buttons.filter((button) => button.type === type).length;
      if (count > MAX_BUTTONS_PER_TYPE) {
        context.addIssue({ code: 'custom', message: `At most ${MAX_BUTTONS_PER_TYPE} ${type} buttons` });
      }
    }
  });

export const getButtonValue = defineEndpoint({
  method: 'GET',
  path: 'user/getButtonValue',
  auth: 'user',
  request: z.strictObject({}),
  /** JSON text of a list of { button_name, button_value, type } (docs/product.md §7). */
  data: z.string(),
});

export const setButtonValue = defineEndpoint({
  method: 'POST',
  path: 'user/setButtonValue',
  auth: 'user',
  request: stakeButtonListSchema,
  data: z.string(),
});

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-01-31')
  .refine(isCalendarDay, 'must be a real date');

/** Date range (India calendar days, inclusive) and paging of every wallet report. */
export const reportQuerySchema = z
  .strictObject({
    from_date: day.optional(),
    to_date: day.optional(),
    page: z.number().int().min(1).max(100_000).optional(),
    limit: z.number().int().min(1).max(MAX_REPORT_PAGE_SIZE).optional(),
  })
  .refine((query) => !query.from_date || !query.to_date || query.from_date <= query.to_date, {
    message: 'from_date must not be after to_date',
    path: ['from_date'],
  })
  .refine(
    (query) => !query.from_date || !query.to_date || reportRangeDays(query.from_date, query.to_date) <= MAX_REPORT_RANGE_DAYS,
    { message: `A report covers at most ${MAX_REPORT_RANGE_DAYS} days`, path: ['to_date'] },
  );
export type ReportQuery = z.input<typeof reportQuerySchema>;

const pagingSchema = z.object({
  from_date: z.string(),
  to_date: z.string(),
  page: z.number(),
  limit: z.number(),
  total_rows: z.number(),
});

export const LEDGER_WALLETS = ['cash', 'exposure', 'split_bonus', 'wager_bonus', 'bonus_exposure'] as const;
export type LedgerWallet = (typeof LEDGER_WALLETS)[number];

/** One ledger entry of the player's accounts: what a statement line folds. */
export const statementEntrySchema = z.object({
  id: z.number(),
  /** ISO time of the movement. */
  date: z.string(),
  kind: z.enum(POSTING_KINDS),
  wallet: z.enum(LEDGER_WALLETS),
  credit: rupees,
  debit: rupees,
  /** Balance of that wallet right after the movement. */
  balance: rupees,
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

/**
 * A statement line's subject as the module that owns it names it, so the site writes the line in
 * the player's language (docs/wallet.md "Account statement"): a market or fancy line (match and
 * market names), a casino round (the game), or a payment with its state now.
 */
export const statementDetailSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('market'),
    match: z.string(),
    market: z.string(),
    /** Bets settled at a price a non-runner's reduction factor lowered: asked, then settled (docs/betting.md). */
    reduced_prices: z.array(z.object({ odds: z.number(), settled_odds: z.number() })),
  }),
  z.object({ type: z.literal('game'), game: z.string() }),
  z.object({
    type: z.literal('deposit'),
    order_id: z.string(),
    method: z.enum(PAYMENT_METHODS),
    state: z.enum(DEPOSIT_STATUSES),
  }),
  z.object({
    type: z.literal('withdrawal'),
    withdraw_id: z.number().int(),
    destination: z.string(),
    state: z.enum(WITHDRAW_STATUSES),
  }),
]);
export type StatementDetail = z.infer<typeof statementDetailSchema>;

/**
 * One movement of a statement line (a ledger transaction), for the site to say in words: its kind
 * and what it changed, signed rupees — `amount` the statement's balance (everything the player
 * has), `cash`, `held` (money held for bets: + held, − came back) and `bonus` (the bonus wallets).
 */
export const statementMovementSchema = z.object({
  id: z.number(),
  /** ISO time. */
  date: z.string(),
  kind: z.enum(POSTING_KINDS),
  amount: rupees,
  cash: rupees,
  held: rupees,
  bonus: rupees,
});
export type StatementMovement = z.infer<typeof statementMovementSchema>;

/** Entries a statement line carries at most (the most recent); `entry_count` says how many it folds. */
export const MAX_STATEMENT_LINE_ENTRIES = 50;

/**
 * One line of the account statement (docs/wallet.md, "Account statement"): a posting, or every
 * posting of one market, fancy line or casino round folded together (holds, releases and the
 * result), dated at its latest movement.
 */
export const statementRowSchema = z.object({
  /** The line's first ledger transaction. */
  id: z.number(),
  /** ISO time of the line's latest movement. */
  date: z.string(),
  /** The latest posting's kind: for a settled market, its result. */
  kind: z.enum(POSTING_KINDS),
  /** 'market:1.234', 'fancy:77', 'casino:{provider}:{round}', or null for a posting of its own. */
  subject: z.string().nullable(),
  /** Proper names the line is about (match and market, or game), or the operator's note. */
  description: z.string(),
  /** The subject as its owner names it (null: a posting of its own; the site uses `kind`). */
  detail: statementDetailSchema.nullable(),
  /** The machine's reference of the latest posting. */
  reference: z.string(),
  wallet: z.enum(LEDGER_WALLETS),
  /**
   * What the line added (credit) or took (debit): the net change of everything the player has
   * (cash, money held for bets — still theirs — and bonus). A market or round: its profit or loss;
   * a hold or a bonus turned to cash: nothing. One of the two is 0.
   */
  credit: rupees,
  debit: rupees,
  /**
   * The statement's balance after the line — everything the player has — counting each line whole
   * at its latest movement: the line below's balance plus this line's credit, less its debit.
   */
  balance: rupees,
  /** A market line whose bets still hold money (not settled yet). */
  is_open: z.boolean(),
  /** Money held for the line's bets that came back (a void market: the stakes). */
  released: rupees,
  /** The line's movements in order, newest first, for the site to say in words (the most recent 50). */
  movements: z.array(statementMovementSchema),
  entry_count: z.number(),
  /** The raw ledger entries (the most recent 50), kept for older clients; the site shows `movements`. */
  entries: z.array(statementEntrySchema),
});
export type StatementRow = z.infer<typeof statementRowSchema>;

export const accountStatement = defineEndpoint({
  method: 'POST',
  path: 'report/accountStatement',
  auth: 'user',
  request: reportQuerySchema,
  data: pagingSchema.extend({
    rows: z.array(statementRowSchema),
    totals: z.object({ credit: rupees, debit: rupees }),
  }),
});

export const BONUS_EVENT_KINDS = ['grant', 'release', 'expiry'] as const;

export const bonusEventRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  bonus_id: z.number(),
  kind: z.enum(BONUS_EVENT_KINDS),
  wallet: z.enum(['split', 'wager']),
  amount: rupees,
});
export type BonusEventRow = z.infer<typeof bonusEventRowSchema>;

export const bonusHistory = defineEndpoint({
  method: 'POST',
  path: 'report/bonusHistory',
  auth: 'user',
  request: reportQuerySchema,
  data: pagingSchema.extend({
    rows: z.array(bonusEventRowSchema),
    totals: z.object({ granted: rupees, released: rupees, expired: rupees }),
  }),
});

export const userBonusRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  wallet: z.enum(['split', 'wager']),
  reason: z.string(),
  granted: rupees,
  /** Settled turnover needed before the wager bonus is released (0 for split). */
  wagering_requirement: rupees,
  /** Settled turnover counted towards this bonus so far. */
  turnover: rupees,
  released: rupees,
  expired: rupees,
  remaining: rupees,
  status: z.enum(['active', 'completed', 'expired']),
  expires_at: z.string(),
});
export type UserBonusRow = z.infer<typeof userBonusRowSchema>;

export const userBonus = defineEndpoint({
  method: 'POST',
  path: 'report/userBonus',
  auth: 'user',
  request: reportQuerySchema,
  data: pagingSchema.extend({
    rows: z.array(userBonusRowSchema),
    totals: z.object({ granted: rupees, released: rupees, remaining: rupees }),
  }),
});
