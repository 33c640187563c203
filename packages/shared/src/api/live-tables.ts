import { z } from 'zod';
import { roundChainRefSchema } from './casino';
import { defineEndpoint } from './contract';

/** Live tables: shared rounds for every player (docs/casino.md, "Live tables"). */
const rupees = z.number();
const gameToken = z.string().min(20).max(100);
const tableCode = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9-]+$/, 'table is not valid');

export const liveRoundSchema = z.object({
  table: z.string(),
  round_number: z.number(),
  /** betting: bets are taken until `betting_ends_at`; result: drawn, seed revealed, next round at `next_round_at`. */
  phase: z.enum(['betting', 'result']),
  /**
   * SHA-256 of the round's server seed: the previous hash of its chain (the chain's terminating
   * hash for its first round), public before betting opened.
   */
  server_seed_hash: z.string(),
  /** The public client seed (the chain's salt; the table's code before chains) and nonce (the round number). */
  client_seed: z.string(),
  nonce: z.number(),
  opened_at: z.number(),
  betting_ends_at: z.number(),
  next_round_at: z.number(),
  /** Revealed with the result. */
  server_seed: z.string().nullable(),
  outcome: z.unknown().nullable(),
  winning_spots: z.array(z.string()),
  result_label: z.string().nullable(),
  /** The published chain the round's seed comes from (null: a round from before chains). */
  chain: roundChainRefSchema.nullable(),
});
export type LiveRoundView = z.infer<typeof liveRoundSchema>;

export const liveBetSchema = z.object({
  round_number: z.number(),
  spot: z.string(),
  stake: rupees,
  /** Known once settled (0: lost). */
  payout: rupees.nullable(),
  is_settled: z.boolean(),
});
export type LiveBetView = z.infer<typeof liveBetSchema>;

export const liveTableInfoSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Each spot with what it pays when it wins (× stake, stake included), shown before the bet. */
  spots: z.array(z.object({ code: z.string(), pays: z.number() })),
  min_stake: rupees,
  max_stake: rupees,
});
export type LiveTableInfo = z.infer<typeof liveTableInfoSchema>;

export const liveResultSchema = z.object({
  round_number: z.number(),
  result_label: z.string(),
  winning_spots: z.array(z.string()),
});

/** The table now, for the player of the game token (also what a reconnecting page reads). */
export const fairLiveState = defineEndpoint({
  method: 'POST',
  path: 'fair/liveState',
  auth: 'public',
  request: z.strictObject({ token: gameToken, table: tableCode }),
  data: z.object({
    /** The server's clock, so the countdown follows it. */
    now: z.number(),
    table: liveTableInfoSchema,
    round: liveRoundSchema,
    /** The player's bets in this round. */
    my_bets: z.array(liveBetSchema),
    /** The player's last settled bets at this table, newest first. */
    my_history: z.array(liveBetSchema),
    /** The table's last results, newest first. */
    history: z.array(liveResultSchema),
    balance: rupees,
  }),
  rateLimit: { max: 600, windowMs: 60_000 },
});

export const fairLiveBet = defineEndpoint({
  method: 'POST',
  path: 'fair/liveBet',
  auth: 'public',
  request: z.strictObject({
    token: gameToken,
    table: tableCode,
    /** The round the player sees: a bet never slides into the next round. */
    round_number: z.number().int().min(1),
    spot: z.string().min(1).max(20),
    stake: z.number().positive('Stake must be more than 0'),
  }),
  data: z.object({ bet: liveBetSchema, balance: rupees }),
  rateLimit: { max: 300, windowMs: 60_000 },
});

/** One round (public): during betting its hash, after the result its seed, for /provably-fair. */
export const fairLiveRound = defineEndpoint({
  method: 'GET',
  path: 'fair/liveRound',
  auth: 'public',
  request: z.strictObject({ table: tableCode, round_number: z.coerce.number().int().min(1) }),
  data: liveRoundSchema,
  rateLimit: { max: 120, windowMs: 60_000 },
});

/** What the live socket sends a table's watchers: a snapshot on subscribe, then each change. */
export interface LiveTableMessage {
  type: 'table';
  table: string;
  event: 'snapshot' | 'opened' | 'result';
  /** The server's clock when the message was made. */
  now: number;
  round: LiveRoundView | null;
}
