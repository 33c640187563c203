import { z } from 'zod';
import { defineEndpoint } from './contract';

export const sportSchema = z.object({
  sport_id: z.number().int(),
  name: z.string(),
  is_active: z.enum(['0', '1']),
});
export type Sport = z.infer<typeof sportSchema>;

export const getSports = defineEndpoint({
  method: 'POST',
  path: 'sport/getSports',
  auth: 'public',
  request: z.strictObject({}),
  data: z.array(sportSchema),
});
