import type { Notice } from '@app/shared';
import { formatRupees, latinDigitsLocale } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '@/components/ui';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useMarkNoticesRead, useNotices } from '../api/notice-calls';
import { noticeWords } from '../model/notice-words';
import { noticesUi, useNoticesUi } from '../model/notices-ui';
import '../notices.css';

const LINK_PATHS = { withdraw: paths.withdraw, withdrawStatement: paths.report.withdrawStatement } as const;

/** Opens the list: marks every notice read, keeping the unread ones marked "New" while it is open. */
function useOpenNotices(): { unread: number; notices: readonly Notice[]; open: () => void } {
  const session = useSession();
  const query = useNotices(Boolean(session));
  const markRead = useMarkNoticesRead();
  const unread = query.data?.unread ?? 0;
  const notices = query.data?.notices ?? [];
  return {
    unread,
    notices,
    open() {
      noticesUi.open(notices.filter((notice) => !notice.is_read).map((notice) => notice.id));
      if (unread > 0) markRead.mutate();
    },
  };
}

function BellIcon() {
  return (
    <svg className="notices-bell__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-5-1.6-1.6V11a5.4 5.4 0 0 0-4.4-5.3V5a1 1 0 1 0-2 0v.7A5.4 5.4 0 0 0 6.6 11v4.4L5 17v1h14v-1Z" />
    </svg>
  );
}

/**
 * The bell beside the balance (docs/accounts.md "Notices"), with the count of unread notices. Not
 * on a phone's header, which has no room for it: there the banner and the menu entry stand in.
 */
export function NoticesBell() {
  const { t } = useTranslation();
  const session = useSession();
  const { unread, open } = useOpenNotices();
  if (!session) return null;
  return (
    <button
      type="button"
      className="notices-bell"
      aria-label={t('notices.open', { count: unread })}
      aria-haspopup="dialog"
      onClick={open}
      data-testid="notices-bell"
    >
      <BellIcon />
      {unread > 0 && (
        <span className="notices-bell__count" data-testid="notices-count">
          {unread > 9 ? '9+' : unread}
        </span>
      )}
    </button>
  );
}

/** "Notices (2)" in the user menu: the way to the list on every screen. */
export function NoticesMenuItem() {
  const { t } = useTranslation();
  const session = useSession();
  const { unread, open } = useOpenNotices();
  if (!session) return null;
  return (
    <button type="button" className="notices-menu-item" aria-haspopup="dialog" onClick={open} data-testid="notices-menu-item">
      <BellIcon />
      <span>{t('notices.title')}</span>
      {unread > 0 && <span className="notices-bell__count notices-bell__count--inline">{unread}</span>}
    </button>
  );
}

/**
 * The newest unread notice above the page, until the player opens the list or dismisses it: what
 * happened reaches a player on a phone too, whose header has no room for the bell.
 */
export function NoticesBanner() {
  const { t } = useTranslation();
  const session = useSession();
  const { unread, notices, open } = useOpenNotices();
  const markRead = useMarkNoticesRead();
  const newest = notices.find((notice) => !notice.is_read);
  if (!session || unread === 0 || !newest) return null;
  const words = noticeWords(newest, formatRupees);
  return (
    <div className="notices-banner" role="status" data-testid="notices-banner">
      <BellIcon />
      <p className="notices-banner__text">{t(words.key, words.values)}</p>
      <button type="button" className="notices-banner__more" onClick={open}>
        {unread > 1 ? t('notices.seeAll', { count: unread }) : t('notices.see')}
      </button>
      <button type="button" className="notices-banner__close" aria-label={t('notices.dismiss')} onClick={() => markRead.mutate()}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** The list of notices, mounted once; the bell, the banner and the menu entry open it. */
export function NoticesModal() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { openedUnread } = useNoticesUi();
  const query = useNotices(Boolean(session));
  const list = query.data?.notices ?? [];
  const dateFormat = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Modal isOpen={Boolean(session) && openedUnread !== null} onClose={noticesUi.close} title={t('notices.title')} size="sm">
      {list.length === 0 ? (
        <p className="notices-empty">{t('notices.empty')}</p>
      ) : (
        <ul className="notices-list" data-testid="notices-list">
          {list.map((notice) => {
            const words = noticeWords(notice, formatRupees);
            const isNew = openedUnread?.has(notice.id) ?? false;
            return (
              <li key={notice.id} className="notices-item" data-testid="notice" data-new={isNew || undefined}>
                <p className="notices-item__text">
                  {isNew && <span className="notices-item__new">{t('notices.new')}</span>}
                  {t(words.key, words.values)}
                </p>
                <p className="notices-item__meta">
                  <time dateTime={notice.created_at}>{dateFormat.format(new Date(notice.created_at))}</time>
                  <Link to={LINK_PATHS[words.link]} onClick={noticesUi.close}>
                    {t(`notices.links.${words.link}`)}
                  </Link>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
