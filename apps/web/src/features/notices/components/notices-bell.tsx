import { formatRupees, latinDigitsLocale } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '@/components/ui';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useMarkNoticesRead, useNotices } from '../api/notice-calls';
import { noticeWords } from '../model/notice-words';
import '../notices.css';

const LINK_PATHS = { withdraw: paths.withdraw, withdrawStatement: paths.report.withdrawStatement } as const;

/**
 * The bell beside the balance (docs/accounts.md "Notices"): how many notices are unread, and the
 * list in the player's language. Opening it marks them read; the ones new at that moment stay
 * marked "New" while it is open.
 */
export function NoticesBell() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const notices = useNotices(Boolean(session));
  const markRead = useMarkNoticesRead();
  const [openedUnread, setOpenedUnread] = useState<ReadonlySet<number> | null>(null);
  if (!session) return null;
  const unread = notices.data?.unread ?? 0;
  const list = notices.data?.notices ?? [];
  const dateFormat = new Intl.DateTimeFormat(latinDigitsLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });

  function open() {
    setOpenedUnread(new Set(list.filter((notice) => !notice.is_read).map((notice) => notice.id)));
    if (unread > 0) markRead.mutate();
  }

  return (
    <>
      <button
        type="button"
        className="notices-bell"
        aria-label={t('notices.open', { count: unread })}
        aria-haspopup="dialog"
        onClick={open}
        data-testid="notices-bell"
      >
        <svg className="notices-bell__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-5-1.6-1.6V11a5.4 5.4 0 0 0-4.4-5.3V5a1 1 0 1 0-2 0v.7A5.4 5.4 0 0 0 6.6 11v4.4L5 17v1h14v-1Z" />
        </svg>
        {unread > 0 && (
          <span className="notices-bell__count" data-testid="notices-count">
            {unread > 9 ? '9+' : unread}
          </span>
        )}
      </button>
      <Modal isOpen={openedUnread !== null} onClose={() => setOpenedUnread(null)} title={t('notices.title')} size="sm">
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
                    <Link to={LINK_PATHS[words.link]} onClick={() => setOpenedUnread(null)}>
                      {t(`notices.links.${words.link}`)}
                    </Link>
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </Modal>
    </>
  );
}
