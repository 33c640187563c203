import { adminFeed, type DataOf, formatNumber } from '@app/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/ui';
import { useConsoleQuery } from '../api/use-console-query';
import { dateTime } from '../model/format';

type Stream = NonNullable<DataOf<typeof adminFeed>['stream']>;

/** The feed panel refreshes itself this often: a stream that stops should show within seconds. */
const FEED_REFRESH_MS = 10_000;

const BADGE: Record<Stream['readiness'], string> = {
  ok: 'console-badge--good',
  stale: 'console-badge--warn',
  connecting: 'console-badge--warn',
  failing: 'console-badge--bad',
  'not configured': '',
};

/** Whole seconds since `iso` (undefined for none), for "last message 3 s ago". */
function secondsSince(iso: string | null, now: number): number | undefined {
  return iso ? Math.max(0, Math.round((now - Date.parse(iso)) / 1000)) : undefined;
}

function StreamDetails({ stream }: { stream: Stream }) {
  const { t } = useTranslation('admin');
  const now = Date.now();
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const seconds = secondsSince(stream.last_message_at, now);
  const lastMessage =
    seconds === undefined
      ? undefined
      : seconds < 120
        ? t('feed.seconds', { count: seconds })
        : t('feed.minutes', { count: Math.round(seconds / 60) });
  const rows: [string, string][] = [
    [t('feed.endpoint'), `${stream.host}:${stream.port}`],
    [t('feed.connected'), yesNo(stream.connected)],
    [t('feed.authenticated'), yesNo(stream.authenticated)],
    [t('feed.lastMessage'), lastMessage ? t('feed.ago', { time: lastMessage }) : t('common.none')],
    [t('feed.liveSince'), dateTime(stream.last_live_at)],
    [t('feed.messages'), formatNumber(stream.messages)],
    [t('feed.reconnects'), formatNumber(stream.reconnects)],
    [
      t('feed.connectionsAvailable'),
      stream.connections_available === null ? t('common.none') : String(stream.connections_available),
    ],
    [t('feed.session'), `${t(`feed.sessionSources.${stream.session.source}`)} · ${dateTime(stream.session.renewed_at)}`],
    [t('feed.resumePoint'), stream.clk ?? t('common.none')],
  ];
  return (
    <>
      <p className="console-page__lead">
        <span className={`console-badge ${BADGE[stream.readiness]}`}>{t(`feed.readiness.${stream.readiness}`)}</span>{' '}
        {t(`feed.states.${stream.state}`)}
        {stream.stale ? ` · ${t('feed.stale')}` : ''}
        {stream.state === 'waiting' && stream.next_attempt_at
          ? ` · ${t('feed.nextAttempt', { time: dateTime(stream.next_attempt_at) })}`
          : ''}
      </p>
      {stream.last_error ? (
        <div role={stream.last_error.fatal ? 'alert' : undefined} className="console-feed__error">
          <p>
            <strong>{t('feed.lastError')}</strong> <code>{stream.last_error.code}</code> {stream.last_error.message} (
            {dateTime(stream.last_error.at)})
          </p>
          {stream.last_error.fatal ? <p>{t('feed.fatalHint')}</p> : null}
        </div>
      ) : null}
      <details>
        <summary>{t('feed.details')}</summary>
        <dl className="console-kv">
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
        {stream.errors.length > 0 ? (
          <p className="console-feed__counts">
            {t('feed.errorCounts')}{' '}
            {stream.errors.map((error) => (
              <span key={error.code} className="console-badge">
                {error.code} × {error.count}
              </span>
            ))}
          </p>
        ) : null}
      </details>
    </>
  );
}

/** The odds feed and its live stream on the instance that answered (docs/feeds-stream.md, "The console"). */
export function FeedPanel() {
  const { t } = useTranslation('admin');
  const feed = useConsoleQuery(adminFeed, {}, { refetchMs: FEED_REFRESH_MS });
  return (
    <section className="console-panel" aria-labelledby="dashboard-feed">
      <h2 id="dashboard-feed">{t('feed.title')}</h2>
      {!feed.data ? (
        <Loading label={t('common.loading')} />
      ) : feed.data.stream ? (
        <StreamDetails stream={feed.data.stream} />
      ) : (
        <p className="console-page__lead">{t('feed.noStream', { feed: feed.data.feed })}</p>
      )}
    </section>
  );
}
