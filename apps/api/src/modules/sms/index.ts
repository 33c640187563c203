/** The SMS provider module's public face (docs/accounts.md). */
export { createSmsProvider, type SmsProvider } from './sms-provider';
