// Public surface of the notices feature (docs/accounts.md "Notices"): the bell beside the balance,
// the banner above the page, the user-menu entry, and the one list they open.
export { NoticesBanner, NoticesBell, NoticesMenuItem, NoticesModal } from './components/notices';
