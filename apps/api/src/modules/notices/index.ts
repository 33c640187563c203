/** The notices module's public face (docs/accounts.md "Notices"): the module, and the one way to record a notice. */
export { createNoticesModule, type NoticesModule } from './notices.module';
export { type NewNotice, NOTICE_SMS_JOB, noticeSmsText, recordNotice } from './notices.service';
