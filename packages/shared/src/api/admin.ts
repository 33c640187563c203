import { z } from 'zod';
import { DEPOSIT_STATUSES, KYC_STATUSES, PAYMENT_METHODS, WITHDRAW_STATUSES } from '../domain/payments';
import { isWholePaise, paiseToRupees } from '../domain/money';
import { MAX_OPERATOR_AMOUNT_PAISE } from '../domain/wallet';
import { RG_LIMIT_KINDS, RG_PERIODS, SELF_EXCLUSION_DURATIONS, TIME_OUT_DURATIONS } from '../domain/responsible-play';
import { FEED_READINESS, FEED_SESSION_SOURCES, FEED_STREAM_STATES } from '../domain/feed-stream';
import { ADMIN_PERMISSIONS, type AdminPermission, AWAITING_APPROVAL, OPERATOR_ROLES } from '../domain/operator-roles';
import { defineEndpoint, type Endpoint, fileUpload } from './contract';
import { rgStateSchema } from './responsible-play';

/**
 * The operator console's contract (docs/operators.md): every `admin/*` endpoint, its auth
 * (`operator`, except `admin/login`) and the permission a role must hold. Amounts are rupees on
 * the wire, times ISO strings. Table views answer `{rows, page, limit, total_rows}` whose rows are
 * flat (strings, numbers, booleans, null), so the console can export any of them as CSV.
 *
 * Four-eyes: `admin/walletAdjust` and `admin/approveWithdraw` above the four-eyes amount (the
 * setting `four_eyes_amount`) do nothing yet and answer HTTP 202 with
 * `{status: 'awaiting_approval', message, request_id, data: {status: 'awaiting_approval', request_id}}`
 * (`awaitingApprovalEnvelope`): the request waits in `admin/approvals` for a second, different
 * operator's `admin/decideApproval`. Below it they answer the usual `{status: true, message, data}`.
 *
 * Every call that moves money (or asks a second operator to) is `isMoneyMoving`: it honours
 * `Idempotency-Key` as players' calls do (the same key and body answer the first answer again; the
 * same key with another body is 409), scoped to the operator (docs/operators.md, "Exactly once").
 */

const MINUTE_MS = 60_000;
const rupees = z.number();
const isoTime = z.string();
const userName = z.string().trim().min(1, 'user_name is required').max(40);
/** As the CLI's `--reason` (1 to 180 characters). */
const reason = z.string().trim().min(1, 'reason is required').max(180, 'reason must be at most 180 characters');
const positiveId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const page = z.number().int().min(1).max(100_000).optional();
const limit = z.number().int().min(1).max(500).optional();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-01-31');
const amount = z
  .number()
  .positive('amount must be more than 0')
  .max(paiseToRupees(MAX_OPERATOR_AMOUNT_PAISE), `amount must be at most ${paiseToRupees(MAX_OPERATOR_AMOUNT_PAISE)}`)
  .refine(isWholePaise, 'amount must have at most two decimals');
const marketId = z.string().regex(/^[0-9.]{1,40}$/, 'market_id must be a market id such as 1.1234501');
const selectionIds = z.array(z.number().int()).min(1).max(20);

/** The paging part of every table view's answer. */
const paging = { page: z.number(), limit: z.number(), total_rows: z.number() };
function table<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), ...paging });
}

function defineAdminEndpoint<TRequest extends z.ZodType, TData extends z.ZodType>(
  endpoint: Omit<Endpoint<TRequest, TData>, 'auth' | 'method' | 'permission'> & { permission: AdminPermission },
): Endpoint<TRequest, TData> {
  return defineEndpoint({ method: 'POST', auth: 'operator', ...endpoint });
}

export const operatorRoleSchema = z.enum(OPERATOR_ROLES);

/** What HTTP 202 carries when an act waits for a second operator (both at the top and in `data`). */
export const awaitingApprovalSchema = z.object({ status: z.literal(AWAITING_APPROVAL), request_id: z.number() });
export type AwaitingApproval = z.infer<typeof awaitingApprovalSchema>;
export const awaitingApprovalEnvelope = z.object({
  status: z.literal(AWAITING_APPROVAL),
  message: z.string(),
  request_id: z.number(),
  data: awaitingApprovalSchema,
});

// ---- Login ----

export const adminLogin = defineEndpoint({
  method: 'POST',
  path: 'admin/login',
  auth: 'public',
  request: z.strictObject({
    user_name: z.string().trim().min(1, 'user_name is required').max(40),
    password: z.string().min(1, 'password is required').max(200),
    totp: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'totp must be the 6 digits your authenticator app shows'),
  }),
  data: z.object({
    token: z.string(),
    role: operatorRoleSchema,
    user_name: z.string(),
    permissions: z.array(z.enum(ADMIN_PERMISSIONS)),
    /** The session ends after this many idle minutes. */
    idle_minutes: z.number(),
  }),
  rateLimit: { max: 10, windowMs: MINUTE_MS },
});

export const adminLogout = defineAdminEndpoint({
  path: 'admin/logout',
  permission: 'console.view',
  request: z.strictObject({}),
  data: z.object({}),
});

export const adminMe = defineAdminEndpoint({
  path: 'admin/me',
  permission: 'console.view',
  request: z.strictObject({}),
  data: z.object({
    user_name: z.string(),
    role: operatorRoleSchema,
    permissions: z.array(z.enum(ADMIN_PERMISSIONS)),
    idle_minutes: z.number(),
  }),
});

// ---- Dashboard ----

export const ADMIN_PRODUCTS = ['match_odds', 'bookmaker', 'fancy', 'casino'] as const;
const byProduct = z.object({ match_odds: rupees, bookmaker: rupees, fancy: rupees, casino: rupees });
const dashboardTotals = z.object({
  signups: z.number(),
  deposits: rupees,
  withdrawals: rupees,
  /** Stakes of settled bets and casino rounds, by product. */
  turnover: byProduct,
  /** Gross gaming revenue: stakes minus what was paid back, by product. */
  ggr: byProduct,
});

export const adminDashboard = defineAdminEndpoint({
  path: 'admin/dashboard',
  permission: 'console.view',
  request: z.strictObject({}),
  data: z.object({
    /** Players with a live session now. */
    players_online: z.number(),
    today: dashboardTotals,
    days_30: dashboardTotals,
    /** Liability held for open bets, per market, largest first. */
    exposure: z.array(
      z.object({ market_id: z.string(), match_name: z.string(), market_name: z.string(), product: z.string(), exposure: rupees }),
    ),
    /** One point per day over the last 30 days (oldest first), for the charts. */
    series: z.array(
      z.object({
        day: z.string(),
        signups: z.number(),
        deposits: rupees,
        withdrawals: rupees,
        turnover: rupees,
        ggr: rupees,
      }),
    ),
  }),
});

/**
 * The odds feed on the instance that answers, and its live stream when it holds one
 * (docs/feeds-stream.md, "The console"): what to fix when prices stop.
 */
export const adminFeed = defineAdminEndpoint({
  path: 'admin/feed',
  permission: 'console.view',
  request: z.strictObject({}),
  data: z.object({
    /** The feed FEED names: simulator, none, or a real one. */
    feed: z.string(),
    stream: z
      .object({
        state: z.enum(FEED_STREAM_STATES),
        /** As `/api/ready` says it. */
        readiness: z.enum(FEED_READINESS),
        host: z.string(),
        port: z.number(),
        connected: z.boolean(),
        authenticated: z.boolean(),
        subscribed: z.boolean(),
        /** Betfair marked its data stale (status 503). */
        stale: z.boolean(),
        connection_id: z.string().nullable(),
        connections_available: z.number().nullable(),
        last_message_at: isoTime.nullable(),
        last_live_at: isoTime.nullable(),
        /** Where the subscription resumes after a reconnect. */
        initial_clk: z.string().nullable(),
        clk: z.string().nullable(),
        messages: z.number(),
        reconnects: z.number(),
        next_attempt_at: isoTime.nullable(),
        last_error: z
          .object({
            /** Betfair's status error code (INVALID_APP_KEY, …) or the client's own (HEARTBEAT_TIMEOUT, …). */
            code: z.string(),
            message: z.string(),
            at: isoTime,
            /** The stream stopped: fix the configuration and restart. */
            fatal: z.boolean(),
          })
          .nullable(),
        /** How often each error happened since the stream started, most frequent first. */
        errors: z.array(z.object({ code: z.string(), count: z.number() })),
        session: z.object({ source: z.enum(FEED_SESSION_SOURCES), renewed_at: isoTime.nullable() }),
      })
      .nullable(),
  }),
});

// ---- Players ----

export const adminPlayerRowSchema = z.object({
  user_name: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  /** 'active' or 'disabled'. */
  status: z.enum(['active', 'disabled']),
  is_demo: z.boolean(),
  cash: rupees,
  created_at: isoTime,
  last_login_at: isoTime.nullable(),
});

export const adminPlayers = defineAdminEndpoint({
  path: 'admin/players',
  permission: 'players.view',
  /** `search`: part of the user name, mobile or email. */
  request: z.strictObject({ search: z.string().trim().max(60).optional(), page, limit }),
  data: table(adminPlayerRowSchema),
});

export const adminPlayer = defineAdminEndpoint({
  path: 'admin/player',
  permission: 'players.view',
  request: z.strictObject({ user_name: userName }),
  data: adminPlayerRowSchema.extend({
    must_change_password: z.boolean(),
    kyc_status: z.enum(KYC_STATUSES),
    balance: z.object({ cash: rupees, exposure: rupees, split_bonus: rupees, wager_bonus: rupees }),
  }),
});

const playerTableRequest = z.strictObject({
  user_name: userName,
  from_date: day.optional(),
  to_date: day.optional(),
  page,
  limit,
});

export const adminPlayerLedger = defineAdminEndpoint({
  path: 'admin/playerLedger',
  permission: 'players.view',
  request: playerTableRequest,
  data: table(
    z.object({
      id: z.number(),
      at: isoTime,
      kind: z.string(),
      /** Positive into the player's account, negative out of it. */
      amount: rupees,
      account: z.string(),
      description: z.string(),
      /** The operator who made the transaction, or null. */
      operator: z.string().nullable(),
    }),
  ),
});

export const adminPlayerBets = defineAdminEndpoint({
  path: 'admin/playerBets',
  permission: 'players.view',
  request: playerTableRequest,
  data: table(
    z.object({
      bet_id: z.number(),
      at: isoTime,
      match_name: z.string(),
      market_name: z.string(),
      selection: z.string(),
      side: z.string(),
      odds: z.number(),
      stake: rupees,
      status: z.string(),
      profit_loss: rupees.nullable(),
    }),
  ),
});

export const adminPlayerRounds = defineAdminEndpoint({
  path: 'admin/playerRounds',
  permission: 'players.view',
  request: playerTableRequest,
  data: table(
    z.object({
      round_id: z.string(),
      at: isoTime,
      game: z.string(),
      provider: z.string(),
      stake: rupees,
      payout: rupees,
      status: z.string(),
    }),
  ),
});

export const adminPlayerActivity = defineAdminEndpoint({
  path: 'admin/playerActivity',
  permission: 'players.view',
  request: playerTableRequest,
  data: table(z.object({ at: isoTime, action: z.string(), ip: z.string(), detail: z.string() })),
});

export const adminPlayerIdentity = defineAdminEndpoint({
  path: 'admin/playerIdentity',
  permission: 'players.view',
  request: z.strictObject({ user_name: userName }),
  data: z.object({
    status: z.enum(KYC_STATUSES),
    legal_name: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    reason: z.string().nullable(),
    submitted_at: isoTime.nullable(),
  }),
});

export const adminSetPlayerStatus = defineAdminEndpoint({
  path: 'admin/setPlayerStatus',
  permission: 'players.manage',
  request: z.strictObject({ user_name: userName, status: z.enum(['active', 'disabled']), reason: reason.optional() }),
  data: z.object({ user_name: z.string(), status: z.enum(['active', 'disabled']) }),
});

/** The player must change the password at the next login; their sessions end now. */
export const adminForcePasswordChange = defineAdminEndpoint({
  path: 'admin/forcePasswordChange',
  permission: 'players.manage',
  request: z.strictObject({ user_name: userName }),
  data: z.object({ user_name: z.string(), must_change_password: z.literal(true) }),
});

const playerBalance = z.object({ cash: rupees, exposure: rupees, split_bonus: rupees, wager_bonus: rupees });

/**
 * A credit or debit of a player's cash with a reason, through the money module (the ledger
 * transaction carries the operator). Above the four-eyes amount: HTTP 202 `awaiting_approval`.
 */
export const adminWalletAdjust = defineAdminEndpoint({
  path: 'admin/walletAdjust',
  isMoneyMoving: true,
  permission: 'money.adjust',
  request: z.strictObject({ user_name: userName, direction: z.enum(['credit', 'debit']), amount, reason }),
  data: z.object({ status: z.literal('done'), user_name: z.string(), balance: playerBalance }),
});

export const adminGrantBonus = defineAdminEndpoint({
  path: 'admin/grantBonus',
  isMoneyMoving: true,
  permission: 'money.adjust',
  request: z.strictObject({ user_name: userName, wallet: z.enum(['split', 'wager']), amount, reason }),
  data: z.object({ user_name: z.string(), balance: playerBalance }),
});

// ---- Four-eyes ----

export const APPROVAL_KINDS = ['wallet_adjust', 'withdraw_approve'] as const;
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const approvalRowSchema = z.object({
  request_id: z.number(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  /** The player, or `withdraw #ID`. */
  target: z.string(),
  /** The player the act is about (null on a withdrawal's request made before requests named one). */
  player: z.string().nullable(),
  amount: rupees,
  /** What is asked, e.g. "credit ₹60,000.00: goodwill". */
  summary: z.string(),
  requested_by: z.string(),
  requested_at: isoTime,
  decided_by: z.string().nullable(),
  decided_at: isoTime.nullable(),
  reason: z.string().nullable(),
});

export const adminApprovals = defineAdminEndpoint({
  path: 'admin/approvals',
  permission: 'approvals.decide',
  request: z.strictObject({ status: z.enum(APPROVAL_STATUSES).optional(), page, limit }),
  data: table(approvalRowSchema),
});

/** A second operator (never the one who asked) approves, which carries the act out, or rejects it. */
export const adminDecideApproval = defineAdminEndpoint({
  path: 'admin/decideApproval',
  isMoneyMoving: true,
  permission: 'approvals.decide',
  request: z.strictObject({ request_id: positiveId, decision: z.enum(['approve', 'reject']), reason: reason.optional() }),
  data: approvalRowSchema,
});

// ---- Settings ----

export const adminSettings = defineAdminEndpoint({
  path: 'admin/settings',
  permission: 'settings.view',
  request: z.strictObject({}),
  /** Every global setting (docs/product.md §3) and the operators' own (four_eyes_amount). */
  data: z.object({ rows: z.array(z.object({ key: z.string(), value: z.string(), default_value: z.string() })) }),
});

/** Validated exactly as `npm run admin -- settings set KEY VALUE` is. */
export const adminSetSetting = defineAdminEndpoint({
  path: 'admin/setSetting',
  permission: 'settings.edit',
  request: z.strictObject({ key: z.string().max(60), value: z.string().max(1000) }),
  data: z.object({ key: z.string(), value: z.string() }),
});

export const BRANDING_IMAGE_KEYS = ['logo', 'favicon', 'welcome_banner'] as const;

/**
 * multipart/form-data: the field `key` (logo, favicon or welcome_banner) and the file `image`
 * (PNG, JPEG, WebP, GIF, ICO or AVIF, at most 2 MiB). Stores it through the uploads module and
 * sets the setting to the stored name; `url` is where the site loads it (`upload/image/{name}`).
 */
export const adminUploadImage = defineAdminEndpoint({
  path: 'admin/uploadImage',
  permission: 'settings.edit',
  request: z.strictObject({
    key: z.enum(BRANDING_IMAGE_KEYS),
    image: fileUpload('image must be an image file'),
  }),
  data: z.object({ key: z.string(), value: z.string(), url: z.string() }),
});

// ---- Sports ----

export const adminFixtures = defineAdminEndpoint({
  path: 'admin/fixtures',
  permission: 'sports.view',
  request: z.strictObject({ sport_id: z.number().int().optional(), search: z.string().trim().max(60).optional(), page, limit }),
  data: table(
    z.object({
      match_id: z.number(),
      sport_id: z.number(),
      series_name: z.string(),
      match_name: z.string(),
      start_time: isoTime,
      is_active: z.boolean(),
      /** `upcoming`, `in_play` or `finished`. */
      status: z.string(),
      /** The most the book can lose on the fixture's open bets, rupees (0 without any). */
      open_exposure: rupees,
    }),
  ),
});

const runnerExposure = z.object({ selection_id: z.number(), name: z.string(), exposure: rupees, result: z.string().nullable() });

/** A fixture's markets and fancy lines with their state and the players' exposure per runner. */
export const adminFixtureMarkets = defineAdminEndpoint({
  path: 'admin/fixtureMarkets',
  permission: 'sports.view',
  request: z.strictObject({ match_id: positiveId }),
  data: z.object({
    match_id: z.number(),
    match_name: z.string(),
    markets: z.array(
      z.object({
        market_id: z.string(),
        market_name: z.string(),
        /** match_odds, bookmaker, … */
        product: z.string(),
        /** open, suspended (by the feed or an operator), closed, settled, voided. */
        status: z.string(),
        is_operator_suspended: z.boolean(),
        number_of_winners: z.number(),
        exposure: rupees,
        runners: z.array(runnerExposure),
      }),
    ),
    fancy: z.array(
      z.object({
        fancy_id: z.number(),
        name: z.string(),
        status: z.string(),
        is_operator_suspended: z.boolean(),
        exposure: rupees,
        result_run: z.number().nullable(),
      }),
    ),
  }),
});

/** Open exposure per market and runner across fixtures (largest first). */
export const adminExposure = defineAdminEndpoint({
  path: 'admin/exposure',
  permission: 'sports.view',
  request: z.strictObject({ match_id: positiveId.optional(), page, limit }),
  data: table(
    z.object({
      match_id: z.number(),
      match_name: z.string(),
      market_id: z.string(),
      market_name: z.string(),
      selection_id: z.number().nullable(),
      runner: z.string(),
      /** What players win if this runner wins (the book's loss), rupees. */
      exposure: rupees,
    }),
  ),
});

const suspendTarget = z.union([z.strictObject({ market_id: marketId }), z.strictObject({ fancy_id: positiveId })]);
export const adminSuspend = defineAdminEndpoint({
  path: 'admin/suspend',
  permission: 'sports.manage',
  request: suspendTarget,
  data: z.object({ target: z.string(), suspended: z.boolean() }),
});
export const adminResume = defineAdminEndpoint({
  path: 'admin/resume',
  permission: 'sports.manage',
  request: suspendTarget,
  data: z.object({ target: z.string(), suspended: z.boolean() }),
});

const settleAnswer = z.object({
  target: z.string(),
  /** 'settled', or 'already' when this result was already in force (nothing changed). */
  result: z.enum(['settled', 'already']),
  settlement_no: z.number(),
  bets: z.number(),
});

/** The winner (or, for a market paying several runners, every placed runner). */
export const adminDeclareResult = defineAdminEndpoint({
  path: 'admin/declareResult',
  isMoneyMoving: true,
  permission: 'sports.manage',
  request: z.strictObject({ market_id: marketId, winner_selection_ids: selectionIds }),
  data: settleAnswer,
});

/** Before a result: settles void. After one: reverses it (every stake back). */
export const adminVoid = defineAdminEndpoint({
  path: 'admin/void',
  isMoneyMoving: true,
  permission: 'sports.manage',
  request: z.union([
    z.strictObject({ market_id: marketId, reason: reason.optional() }),
    z.strictObject({ fancy_id: positiveId, reason: reason.optional() }),
  ]),
  data: settleAnswer,
});

export const adminResettle = defineAdminEndpoint({
  path: 'admin/resettle',
  isMoneyMoving: true,
  permission: 'sports.manage',
  request: z.union([
    z.strictObject({ market_id: marketId, winner_selection_ids: selectionIds, reason: reason.optional() }),
    z.strictObject({ fancy_id: positiveId, run: z.number().int().min(0).max(10_000), reason: reason.optional() }),
  ]),
  data: settleAnswer,
});

/**
 * What a void or a re-settlement of a market or fancy line would move, read before the operator
 * confirms it: the open bets (their stakes and the liabilities held for them go back to the
 * players on a void) and the settled ones (their profit and loss is reversed). Reads only.
 */
export const adminSettlementPreview = defineAdminEndpoint({
  path: 'admin/settlementPreview',
  permission: 'sports.view',
  request: z.union([z.strictObject({ market_id: marketId }), z.strictObject({ fancy_id: positiveId })]),
  data: z.object({
    target: z.string(),
    /** Players with a bet on it. */
    players: z.number(),
    open_bets: z.number(),
    /** The stakes of the open bets, rupees. */
    open_stake: rupees,
    /** What is held for the open bets (their liabilities), rupees: a void gives it back. */
    open_held: rupees,
    settled_bets: z.number(),
    /** The players' net profit (+) or loss (−) on the settled bets, rupees: a void or re-settle reverses it. */
    settled_profit_loss: rupees,
  }),
});

export const adminFancyResult = defineAdminEndpoint({
  path: 'admin/fancyResult',
  isMoneyMoving: true,
  permission: 'sports.manage',
  request: z.strictObject({ fancy_id: positiveId, run: z.number().int().min(0).max(10_000) }),
  data: settleAnswer,
});

// ---- Casino ----

export const adminCasinoProviders = defineAdminEndpoint({
  path: 'admin/casinoProviders',
  permission: 'casino.view',
  request: z.strictObject({}),
  data: z.object({
    rows: z.array(
      z.object({ provider_id: z.number(), code: z.string(), name: z.string(), is_active: z.boolean(), sort_order: z.number() }),
    ),
  }),
});

export const adminCasinoGames = defineAdminEndpoint({
  path: 'admin/casinoGames',
  permission: 'casino.view',
  request: z.strictObject({ provider_id: positiveId.optional(), search: z.string().trim().max(60).optional(), page, limit }),
  data: table(
    z.object({
      game_id: z.number(),
      provider: z.string(),
      name: z.string(),
      category: z.string(),
      is_active: z.boolean(),
      is_popular: z.boolean(),
      sort_order: z.number(),
      /** The RTP the game states, percent, or null. */
      stated_rtp: z.number().nullable(),
      /** Payouts ÷ stakes of its settled rounds, percent, or null without rounds. */
      actual_rtp: z.number().nullable(),
      rounds: z.number(),
      stakes: rupees,
      payouts: rupees,
    }),
  ),
});

export const adminSetProvider = defineAdminEndpoint({
  path: 'admin/setProvider',
  permission: 'casino.manage',
  request: z.strictObject({
    provider_id: positiveId,
    is_active: z.boolean().optional(),
    sort_order: z.number().int().min(0).max(100_000).optional(),
  }),
  data: z.object({ provider_id: z.number(), is_active: z.boolean(), sort_order: z.number() }),
});

export const adminSetGame = defineAdminEndpoint({
  path: 'admin/setGame',
  permission: 'casino.manage',
  request: z.strictObject({
    game_id: positiveId,
    is_active: z.boolean().optional(),
    is_popular: z.boolean().optional(),
    sort_order: z.number().int().min(0).max(100_000).optional(),
  }),
  data: z.object({ game_id: z.number(), is_active: z.boolean(), is_popular: z.boolean(), sort_order: z.number() }),
});

// ---- Payments ----

export const adminDeposits = defineAdminEndpoint({
  path: 'admin/deposits',
  permission: 'payments.view',
  request: z.strictObject({
    status: z.enum(DEPOSIT_STATUSES).optional(),
    user_name: userName.optional(),
    from_date: day.optional(),
    to_date: day.optional(),
    page,
    limit,
  }),
  data: table(
    z.object({
      order_id: z.string(),
      user_name: z.string(),
      amount: rupees,
      method: z.enum(PAYMENT_METHODS),
      status: z.enum(DEPOSIT_STATUSES),
      gateway: z.string(),
      created_at: isoTime,
      updated_at: isoTime,
    }),
  ),
});

export const adminWithdrawals = defineAdminEndpoint({
  path: 'admin/withdrawals',
  permission: 'payments.view',
  request: z.strictObject({ status: z.enum(WITHDRAW_STATUSES).optional(), user_name: userName.optional(), page, limit }),
  data: table(
    z.object({
      withdraw_id: z.number(),
      user_name: z.string(),
      amount: rupees,
      status: z.enum(WITHDRAW_STATUSES),
      destination: z.string(),
      reason: z.string().nullable(),
      /** A four-eyes request waiting for this withdrawal's approval, or null. */
      approval_request_id: z.number().nullable(),
      created_at: isoTime,
      updated_at: isoTime,
    }),
  ),
});

/** Sends the payout to the gateway. Above the four-eyes amount: HTTP 202 `awaiting_approval`. */
export const adminApproveWithdraw = defineAdminEndpoint({
  path: 'admin/approveWithdraw',
  isMoneyMoving: true,
  permission: 'payments.decide',
  request: z.strictObject({ withdraw_id: positiveId }),
  data: z.object({ status: z.literal('approved'), withdraw_id: z.number() }),
});

/** The money goes back to the player's cash; the player sees the reason. */
export const adminRejectWithdraw = defineAdminEndpoint({
  path: 'admin/rejectWithdraw',
  isMoneyMoving: true,
  permission: 'payments.decide',
  request: z.strictObject({ withdraw_id: positiveId, reason }),
  data: z.object({ status: z.literal('rejected'), withdraw_id: z.number() }),
});

export const adminKycList = defineAdminEndpoint({
  path: 'admin/kycList',
  permission: 'payments.view',
  request: z.strictObject({ status: z.enum(['submitted', 'approved', 'rejected']).optional(), page, limit }),
  data: table(
    z.object({
      user_name: z.string(),
      status: z.enum(KYC_STATUSES),
      legal_name: z.string(),
      date_of_birth: z.string(),
      reason: z.string().nullable(),
      submitted_at: isoTime,
    }),
  ),
});

/** The identity document's image, for review: `{content_type, base64}`. */
export const adminKycDocument = defineAdminEndpoint({
  path: 'admin/kycDocument',
  permission: 'payments.view',
  request: z.strictObject({ user_name: userName }),
  data: z.object({ content_type: z.string(), base64: z.string() }),
});

export const adminKycReview = defineAdminEndpoint({
  path: 'admin/kycReview',
  permission: 'kyc.decide',
  request: z.strictObject({ user_name: userName, decision: z.enum(['approved', 'rejected']), reason: reason.optional() }),
  data: z.object({ user_name: z.string(), status: z.enum(['approved', 'rejected']) }),
});

/** Per day: what the gateway credited and paid against what the ledger holds; `difference` ≠ 0 needs a look. */
export const adminReconciliation = defineAdminEndpoint({
  path: 'admin/reconciliation',
  permission: 'payments.view',
  request: z.strictObject({ from_date: day.optional(), to_date: day.optional() }),
  data: z.object({
    rows: z.array(
      z.object({
        day: z.string(),
        deposits_credited: rupees,
        deposit_postings: rupees,
        withdrawals_paid: rupees,
        withdrawal_postings: rupees,
        difference: rupees,
      }),
    ),
    /** The ledger's own check (every transaction balanced, balances equal their postings). */
    ledger_ok: z.boolean(),
    /**
     * The gateway's later answers that contradict its first about a payout (paid, then failed, or
     * the other way): nothing changed; an operator settles each with the provider.
     */
    contradictions: z.array(
      z.object({
        withdraw_id: z.number(),
        user_name: z.string(),
        amount: rupees,
        /** What the withdrawal is, from the gateway's first answer: paid or failed. */
        status: z.enum(WITHDRAW_STATUSES),
        /** The contrary event: payout.paid or payout.failed. */
        event: z.string(),
        event_id: z.string(),
        gateway: z.string(),
        received_at: isoTime,
      }),
    ),
  }),
});

// ---- Responsible play ----

export const adminRgState = defineAdminEndpoint({
  path: 'admin/rgState',
  permission: 'rg.view',
  request: z.strictObject({ user_name: userName }),
  data: rgStateSchema,
});

/** Sets or lowers a limit; a higher limit or removing one is refused (operators only tighten). */
export const adminRgTighten = defineAdminEndpoint({
  path: 'admin/rgTighten',
  permission: 'rg.tighten',
  request: z.strictObject({ user_name: userName, kind: z.enum(RG_LIMIT_KINDS), period: z.enum(RG_PERIODS), amount, reason }),
  data: rgStateSchema,
});

/** Starts a time-out or self-exclusion; one that would end sooner than the running pause is refused. */
export const adminRgPause = defineAdminEndpoint({
  path: 'admin/rgPause',
  permission: 'rg.tighten',
  request: z.union([
    z.strictObject({ user_name: userName, kind: z.literal('time_out'), duration: z.enum(TIME_OUT_DURATIONS), reason }),
    z.strictObject({
      user_name: userName,
      kind: z.literal('self_exclusion'),
      duration: z.enum(SELF_EXCLUSION_DURATIONS),
      reason,
    }),
  ]),
  data: rgStateSchema,
});

// ---- Audit log ----

export const auditRowSchema = z.object({
  id: z.number(),
  at: isoTime,
  /** The operator's name. */
  operator: z.string(),
  /** e.g. `wallet.credit`, `settings.set`, `withdraw.approve`, `operator.login`. */
  action: z.string(),
  /** What was acted on, e.g. `user:rahul`, `setting:logo`, `market:1.234`. */
  target: z.string(),
  /** JSON text of the values before and after, or null. */
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** Where it came from: the client's address, or `cli`. */
  ip: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const adminAuditLog = defineAdminEndpoint({
  path: 'admin/auditLog',
  permission: 'audit.view',
  request: z.strictObject({
    from_date: day.optional(),
    to_date: day.optional(),
    operator: z.string().trim().max(40).optional(),
    action: z.string().trim().max(60).optional(),
    target: z.string().trim().max(100).optional(),
    /** A player's user name: the acts on them (`user:NAME`) and on their withdrawals. */
    player: z.string().trim().max(40).optional(),
    page,
    limit,
  }),
  data: table(auditRowSchema),
});

/** Every console endpoint, declared once. */
export const adminEndpoints = {
  adminLogin,
  adminLogout,
  adminMe,
  adminDashboard,
  adminFeed,
  adminPlayers,
  adminPlayer,
  adminPlayerLedger,
  adminPlayerBets,
  adminPlayerRounds,
  adminPlayerActivity,
  adminPlayerIdentity,
  adminSetPlayerStatus,
  adminForcePasswordChange,
  adminWalletAdjust,
  adminGrantBonus,
  adminApprovals,
  adminDecideApproval,
  adminSettings,
  adminSetSetting,
  adminUploadImage,
  adminFixtures,
  adminFixtureMarkets,
  adminExposure,
  adminSuspend,
  adminResume,
  adminDeclareResult,
  adminVoid,
  adminResettle,
  adminFancyResult,
  adminSettlementPreview,
  adminCasinoProviders,
  adminCasinoGames,
  adminSetProvider,
  adminSetGame,
  adminDeposits,
  adminWithdrawals,
  adminApproveWithdraw,
  adminRejectWithdraw,
  adminKycList,
  adminKycDocument,
  adminKycReview,
  adminReconciliation,
  adminRgState,
  adminRgTighten,
  adminRgPause,
  adminAuditLog,
} as const;

export type AdminEndpointName = keyof typeof adminEndpoints;
