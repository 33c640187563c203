import type { GlobalSettings } from '@app/shared';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { OtpService } from '../otp';
import type { SessionsService } from '../sessions';
import type { AccountHooks } from './account-hooks';

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  sessions: SessionsService;
  otp: OtpService;
  settings: { getSettings(): Promise<GlobalSettings> };
  hooks: AccountHooks;
  chatUrl: string;
}
