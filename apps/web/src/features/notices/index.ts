// Public surface of the notices feature: the bell beside the balance (docs/accounts.md "Notices").
export { NoticesBell } from './components/notices-bell';
