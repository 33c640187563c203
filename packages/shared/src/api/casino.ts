import { z } from 'zod';
import { defineEndpoint } from './contract';
import { reportQuerySchema } from './wallet';

export const CASINO_CATEGORIES = ['slot', 'Live-Casino', 'table-game', 'super-game', 'virtual-game', 'SN'] as const;
export type CasinoCategory = (typeof CASINO_CATEGORIES)[number];

const gameCode = z
  .string()
  .trim()
  .min(1, 'game_code is required')
  .max(60)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'game_code is not valid');

export const casinoGameSchema = z.object({
  game_id: z.number(),
  code: z.string(),
  name: z.string(),
  category: z.enum(CASINO_CATEGORIES),
  provider_code: z.string(),
  provider_name: z.string(),
  /** Image file name (`{code}.avif`), served from the configured image base. */
  image: z.string(),
});
export type CasinoGame = z.infer<typeof casinoGameSchema>;

export const providerSchema = z.object({
  provider_id: z.number(),
  name: z.string(),
  code: z.string(),
  game_count: z.number(),
});
export type CasinoProvider = z.infer<typeof providerSchema>;

/** docs/product.md §7: the providers list of `/home/group/list`. */
export const getProvidersList = defineEndpoint({
  method: 'GET',
  path: 'worldCasino/getProvidersList',
  auth: 'public',
  request: z.strictObject({}),
  data: z.array(providerSchema),
});

export const casinoLobbySchema = z.object({
  /** Where game art lives: `${image_base}/${game.image}`. */
  image_base: z.string(),
  /** The provider-name substring that shows the Indian casino link (docs/product.md §2). */
  indian_casino_provider: z.string(),
  /** Whether an external sportsbook provider is configured (gap/gaplogin works). */
  has_external_sportsbook: z.boolean(),
  categories: z.array(z.object({ category: z.enum(CASINO_CATEGORIES), game_count: z.number() })),
  popular: z.array(casinoGameSchema),
  newest: z.array(casinoGameSchema),
});
export type CasinoLobby = z.infer<typeof casinoLobbySchema>;

/** The lobby's data (public; the site marks favourites from `casino/favourites`). */
export const casinoLobby = defineEndpoint({
  method: 'GET',
  path: 'casino/lobby',
  auth: 'public',
  request: z.strictObject({}),
  data: casinoLobbySchema,
});

export const casinoGameList = defineEndpoint({
  method: 'GET',
  path: 'casino/gameList',
  auth: 'public',
  request: z.strictObject({
    category: z.enum(CASINO_CATEGORIES).optional(),
    provider: z.string().max(40).optional(),
    search: z.string().trim().max(60).optional(),
  }),
  data: z.array(casinoGameSchema),
});

export const casinoRecent = defineEndpoint({
  method: 'GET',
  path: 'casino/recent',
  auth: 'user',
  request: z.strictObject({}),
  data: z.array(casinoGameSchema),
});

export const casinoFavourites = defineEndpoint({
  method: 'GET',
  path: 'casino/favourites',
  auth: 'user',
  request: z.strictObject({}),
  data: z.array(casinoGameSchema),
});

export const casinoSetFavourite = defineEndpoint({
  method: 'POST',
  path: 'casino/setFavourite',
  auth: 'user',
  request: z.strictObject({ game_code: gameCode, is_favourite: z.boolean() }),
  data: z.object({ game_code: z.string(), is_favourite: z.boolean() }),
});

/** Opens a game at its provider: the launch template filled with a fresh game session token. */
export const launchGame = defineEndpoint({
  method: 'POST',
  path: 'casino/launchGame',
  auth: 'user',
  request: z.strictObject({ game_code: gameCode, lang: z.enum(['en', 'hi', 'bn']).optional() }),
  data: z.object({ url: z.string() }),
  rateLimit: { max: 30, windowMs: 60_000 },
});

/** docs/product.md §7: launches the external sportsbook provider (SAP, game 550000). */
export const gapLogin = defineEndpoint({
  method: 'POST',
  path: 'gap/gaplogin',
  auth: 'user',
  request: z.strictObject({
    providerName: z.literal('SAP'),
    gameId: z.union([z.literal(550000), z.literal('550000')]),
    platformId: z.enum(['desktop', 'mobile']),
    lobby: z.boolean(),
    redirectUrl: z.string().url().max(300),
  }),
  data: z.object({ url: z.string() }),
  rateLimit: { max: 30, windowMs: 60_000 },
});

const rupees = z.number();

export const casinoResultRowSchema = z.object({
  id: z.number(),
  /** ISO time the round started. */
  date: z.string(),
  game_code: z.string(),
  game_name: z.string(),
  provider_code: z.string(),
  provider_name: z.string(),
  round: z.string(),
  stake: rupees,
  win: rupees,
  /** True for our own provider's rounds, which /provably-fair can verify. */
  is_verifiable: z.boolean(),
});
export type CasinoResultRow = z.infer<typeof casinoResultRowSchema>;

/** `/report/casino-result`: every casino round of the player. */
export const casinoResult = defineEndpoint({
  method: 'POST',
  path: 'report/casinoResult',
  auth: 'user',
  request: reportQuerySchema,
  data: z.object({
    from_date: z.string(),
    to_date: z.string(),
    page: z.number(),
    limit: z.number(),
    total_rows: z.number(),
    rows: z.array(casinoResultRowSchema),
    totals: z.object({ stake: rupees, win: rupees }),
  }),
});

// Our own provider's game API (apps/api/src/modules/fair-games). The game page calls it with the
// game session token of its launch address, as any provider's game client would.

const gameToken = z.string().min(20).max(100);
const clientSeed = z
  .string()
  .trim()
  .min(1, 'Client seed is required')
  .max(64, 'Client seed is at most 64 characters')
  .regex(/^[\x21-\x7e]+$/, 'Client seed may hold printable characters without spaces');

/**
 * The seeds in play (docs/casino-fairness.md, Seeds): the active server seed's hash and the next
 * one's, committed before the player chooses the client seed that plays with it.
 */
export const fairSeedsSchema = z.object({
  server_seed_hash: z.string(),
  next_server_seed_hash: z.string(),
  client_seed: z.string(),
  /** The nonce of the next round. */
  nonce: z.number(),
});
export type FairSeedsView = z.infer<typeof fairSeedsSchema>;

export const fairRoundSchema = z.object({
  round_uuid: z.string(),
  game_code: z.string(),
  date: z.string(),
  nonce: z.number(),
  params: z.unknown(),
  stake: rupees,
  /** ×10 000. */
  multiplier: z.number(),
  payout: rupees,
  outcome: z.unknown(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  /** Revealed once the player rotated the seed; null before. */
  server_seed: z.string().nullable(),
  /** The rules version it was played under: 1 before Dice, Limbo and Mines took Stake's formulas. */
  rules: z.number(),
});
export type FairRoundView = z.infer<typeof fairRoundSchema>;

export const fairState = defineEndpoint({
  method: 'POST',
  path: 'fair/state',
  auth: 'public',
  request: z.strictObject({ token: gameToken, game_code: gameCode }),
  data: z.object({
    game_code: z.string(),
    game_name: z.string(),
    balance: rupees,
    currency: z.string(),
    seeds: fairSeedsSchema,
    history: z.array(fairRoundSchema),
  }),
  rateLimit: { max: 120, windowMs: 60_000 },
});

export const fairPlay = defineEndpoint({
  method: 'POST',
  path: 'fair/play',
  auth: 'public',
  request: z.strictObject({
    token: gameToken,
    game_code: gameCode,
    /** Rupees, at most two decimals. */
    stake: z.number().positive('Stake must be more than 0'),
    /** The bet's choices; each game checks its own (packages/shared/src/domain/fair). */
    params: z.record(z.string(), z.unknown()),
  }),
  data: z.object({ round: fairRoundSchema, balance: rupees }),
  rateLimit: { max: 600, windowMs: 60_000 },
});

const revealedPairSchema = z.object({
  server_seed: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  rounds: z.number(),
});

/**
 * Sets the client seed. While no round was played on the active pair it keeps its server seed;
 * after one, the pair rotates to the committed next server seed (`revealed`: the old pair).
 */
export const fairSetClientSeed = defineEndpoint({
  method: 'POST',
  path: 'fair/setClientSeed',
  auth: 'public',
  request: z.strictObject({ token: gameToken, client_seed: clientSeed }),
  data: z.object({ seeds: fairSeedsSchema, revealed: revealedPairSchema.nullable() }),
  rateLimit: { max: 60, windowMs: 60_000 },
});

/**
 * Reveals the active server seed, activates the committed next one with the player's client seed
 * (`client_seed`; left out, a fresh one drawn for the player, never the old one) and commits a new
 * next one.
 */
export const fairRotateSeed = defineEndpoint({
  method: 'POST',
  path: 'fair/rotateSeed',
  auth: 'public',
  request: z.strictObject({ token: gameToken, client_seed: clientSeed.optional() }),
  data: z.object({ revealed: revealedPairSchema, seeds: fairSeedsSchema }),
  rateLimit: { max: 60, windowMs: 60_000 },
});

/** One round by its id, for the /provably-fair verifier (the seed only once revealed). */
export const fairRound = defineEndpoint({
  method: 'GET',
  path: 'fair/round',
  auth: 'public',
  request: z.strictObject({ round_uuid: z.string().regex(/^[0-9a-f-]{36}$/, 'round_uuid is not valid') }),
  data: fairRoundSchema,
  rateLimit: { max: 120, windowMs: 60_000 },
});

/** The drand round a chain's salt comes from (docs/casino-fairness.md, "A salt nobody chooses"). */
export const chainBeaconSchema = z.object({
  /** `quicknet`: the League of Entropy's drand network. */
  network: z.string(),
  chain_hash: z.string(),
  /** The network's public key: the one to check the signature with (it never changes). */
  public_key: z.string(),
  /** Fixed when the chain was published, before the round existed. */
  round: z.number(),
  /** ISO time the round comes out. */
  round_at: z.string(),
  /** Its BLS signature once out and checked (the salt is SHA-256 of it); null before. */
  signature: z.string().nullable(),
});

/** A round's place in its published chain (null for rounds from before chains). */
export const roundChainRefSchema = z.object({
  id: z.number(),
  position: z.number(),
  length: z.number(),
  terminating_hash: z.string(),
  /** `drand`: salted by a beacon round announced with the chain; `self`: by a salt the operator drew (offline fallback). */
  salt_source: z.enum(['drand', 'self']),
  /** SHA-256 of a self-drawn salt, published with the chain; null for a drand chain. */
  salt_hash: z.string().nullable(),
  salt: z.string(),
  beacon: chainBeaconSchema.nullable(),
  /** ISO times: published, and the earliest start it stated. */
  published_at: z.string(),
  starts_at: z.string(),
});
export type RoundChainRef = z.infer<typeof roundChainRefSchema>;
/** Crash's name for it, kept for the existing views. */
export const crashRoundChainSchema = roundChainRefSchema;

export const crashRoundSchema = z.object({
  round_number: z.number(),
  phase: z.enum(['betting', 'running', 'crashed']),
  /** The hash this round's hash must hash to: the previous round's (the terminating hash for the first). */
  server_seed_hash: z.string(),
  /** Epoch ms: bets close and the multiplier takes off. */
  betting_ends_at: z.number(),
  /** Known only once the round crashed. */
  crash_point: z.number().nullable(),
  crashed_at: z.number().nullable(),
  /** The round's hash, once it crashed. */
  server_seed: z.string().nullable(),
  chain: crashRoundChainSchema.nullable(),
});
export type CrashRoundView = z.infer<typeof crashRoundSchema>;

/**
 * The live socket's Crash message (`crash_subscribe`; docs/casino.md "Crash on the screen"): the
 * round as the server saw it at `now` on its clock. Sent when the round opens, at take-off, every
 * CRASH_TICK_MS while it flies (each one: the flight still ran at `now`) and at the crash.
 */
export interface CrashFlightMessage {
  type: 'crash';
  now: number;
  round: CrashRoundView;
}

export const crashBetSchema = z.object({
  round_number: z.number(),
  stake: rupees,
  auto_cashout: z.number().nullable(),
  /** The multiplier the bet cashed out at, once it did. */
  cashout: z.number().nullable(),
  payout: rupees,
  is_settled: z.boolean(),
});
export type CrashBetView = z.infer<typeof crashBetSchema>;

export const fairCrashState = defineEndpoint({
  method: 'POST',
  path: 'fair/crashState',
  auth: 'public',
  request: z.strictObject({ token: gameToken }),
  data: z.object({
    /** The server's clock, so the page animates in step with it. */
    now: z.number(),
    round: crashRoundSchema,
    my_bet: crashBetSchema.nullable(),
    /** Everyone's bets in this round (names masked). */
    bets: z.array(z.object({ player: z.string(), stake: rupees, cashout: z.number().nullable() })),
    history: z.array(z.object({ round_number: z.number(), crash_point: z.number() })),
    my_history: z.array(crashBetSchema),
    balance: rupees,
  }),
  rateLimit: { max: 600, windowMs: 60_000 },
});

export const fairCrashBet = defineEndpoint({
  method: 'POST',
  path: 'fair/crashBet',
  auth: 'public',
  request: z.strictObject({
    token: gameToken,
    stake: z.number().positive('Stake must be more than 0'),
    auto_cashout: z.number().min(1.01).max(1_000_000).optional(),
  }),
  data: z.object({ bet: crashBetSchema, balance: rupees }),
  rateLimit: { max: 120, windowMs: 60_000 },
});

export const fairCrashCashout = defineEndpoint({
  method: 'POST',
  path: 'fair/crashCashout',
  auth: 'public',
  request: z.strictObject({
    token: gameToken,
    /**
     * The multiplier the page showed on its button: paid exactly when the flight is sure to reach
     * it as the request arrives (docs/casino.md "Crash on the screen"). Without it: the multiplier
     * at the moment the request arrives.
     */
    at: z.number().min(1).max(1_000_000).optional(),
  }),
  data: z.object({ bet: crashBetSchema, balance: rupees }),
  rateLimit: { max: 120, windowMs: 60_000 },
});

export const fairCrashRound = defineEndpoint({
  method: 'GET',
  path: 'fair/crashRound',
  auth: 'public',
  request: z.strictObject({ round_number: z.coerce.number().int().min(1) }),
  data: crashRoundSchema,
  rateLimit: { max: 120, windowMs: 60_000 },
});

export const roundChainSchema = z.object({
  id: z.number(),
  /** `crash`, or a live table's code. */
  game_code: z.string(),
  /** Rounds in the chain. */
  length: z.number(),
  /** Published before the chain's first round: every round's hash hashes down to it. */
  terminating_hash: z.string(),
  salt_source: z.enum(['drand', 'self']),
  /** SHA-256 of a self-drawn salt, published with the terminating hash; null for a drand chain. */
  salt_hash: z.string().nullable(),
  /** The salt: a drand chain's once its round is out, a self-drawn one from the chain's first round. */
  salt: z.string().nullable(),
  beacon: chainBeaconSchema.nullable(),
  /** ISO time it was published. */
  published_at: z.string(),
  /** ISO time before which none of its rounds is played (publication + the notice). */
  starts_at: z.string(),
  status: z.enum(['queued', 'playing', 'used']),
  rounds_played: z.number(),
  first_round_number: z.number().nullable(),
});
export type RoundChainView = z.infer<typeof roundChainSchema>;
export const crashChainSchema = roundChainSchema;
export type CrashChainView = RoundChainView;

/** The published Crash chains, newest first: the one in play and those queued after it. */
export const fairCrashChains = defineEndpoint({
  method: 'GET',
  path: 'fair/crashChains',
  auth: 'public',
  request: z.strictObject({}),
  data: z.object({ chains: z.array(roundChainSchema) }),
  rateLimit: { max: 120, windowMs: 60_000 },
});

/** Any shared-round game's published chains (Crash's, a live table's), newest first. */
export const fairRoundChains = defineEndpoint({
  method: 'GET',
  path: 'fair/roundChains',
  auth: 'public',
  request: z.strictObject({ game: gameCode }),
  data: z.object({ chains: z.array(roundChainSchema) }),
  rateLimit: { max: 120, windowMs: 60_000 },
});
