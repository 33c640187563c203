import { z } from 'zod';
import { NOTICE_KINDS } from '../domain/notices';
import { defineEndpoint } from './contract';

/**
 * A notice to the player (docs/accounts.md "Notices"): what happened, with what the site needs to
 * write it in the player's language — the withdrawal and its amount (rupees), the operator's reason.
 */
export const noticeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  withdraw_id: z.number().int().nullable(),
  amount: z.number().nullable(),
  reason: z.string().nullable(),
  /** ISO time. */
  created_at: z.string(),
  is_read: z.boolean(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** `notice/list`: the newest notices and how many are unread. A poll: it keeps no session alive. */
export const noticeList = defineEndpoint({
  method: 'POST',
  path: 'notice/list',
  auth: 'user',
  request: z.strictObject({}),
  data: z.object({ notices: z.array(noticeSchema), unread: z.number().int() }),
  countsAsActivity: false,
});

/** `notice/markRead {ids?}`: the given notices (all when none are given) are read; answers what is left unread. */
export const noticeMarkRead = defineEndpoint({
  method: 'POST',
  path: 'notice/markRead',
  auth: 'user',
  request: z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(100).optional() }),
  data: z.object({ unread: z.number().int() }),
});
