import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { SmsProvider } from '../sms';
import { findUserById } from '../users';
import { findNotice } from './notices.repository';
import { registerNoticesRoutes } from './notices.routes';
import { createNoticesService, NOTICE_SMS_JOB, noticeSmsText, type NoticesService } from './notices.service';

/** Notices to players: the list on the site, and each one's SMS (docs/accounts.md "Notices"). */
export interface NoticesModule {
  notices: NoticesService;
  registerRoutes(app: FastifyInstance): void;
}

export interface NoticesModuleDeps {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  /** SMS_NOTICES: whether notices also go by SMS. */
  isSmsOn: boolean;
}

export function createNoticesModule({ db, clock, sms, isSmsOn }: NoticesModuleDeps): NoticesModule {
  const notices = createNoticesService(db, clock);
  return {
    notices,
    registerRoutes(app) {
      registerNoticesRoutes(app, notices);
      // A job per notice, written with it: sent once the change committed, retried while the
      // gateway fails (a throw), skipped when SMS notices are off or the player has no mobile.
      app.jobs.handle(NOTICE_SMS_JOB, async (payload) => {
        if (!isSmsOn) return;
        const noticeId = (payload as { noticeId?: unknown } | null)?.noticeId;
        if (typeof noticeId !== 'number') throw new Error('A notice SMS job names its notice');
        const notice = await findNotice(db, noticeId);
        if (!notice) return;
        const user = await findUserById(db, Number(notice.user_id));
        if (!user?.mobile) return;
        await sms.send({ mobile: user.mobile, text: noticeSmsText(notice) });
      });
    },
  };
}
