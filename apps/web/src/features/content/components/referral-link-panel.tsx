import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { buildReferralLink } from '../model/referral-link';

const COPIED_NOTICE_MS = 4_000;

type CopyState = 'idle' | 'copied' | 'failed';

/** The logged-in player's own referral link with a Copy button; a guest is invited to register. */
export function ReferralLinkPanel() {
  const { t } = useTranslation();
  const session = useSession();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<CopyState>('idle');

  useEffect(() => {
    if (copyState !== 'copied') return;
    const timer = window.setTimeout(() => setCopyState('idle'), COPIED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [copyState]);

  if (!session) {
    return (
      <section className="content-tool" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('content.referral.title')}</h2>
        <p>{t('content.referral.guestText')}</p>
        <Link className="content-button" to={paths.home}>
          {t('content.referral.guestAction')}
        </Link>
      </section>
    );
  }

  const link = buildReferralLink(window.location.origin, session.user.user_name);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopyState('copied');
    } catch {
      // No clipboard permission (or an insecure page): select the text so the player can copy it.
      inputRef.current?.select();
      setCopyState('failed');
    }
  }

  return (
    <section className="content-tool" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('content.referral.title')}</h2>
      <p>{t('content.referral.yourCode', { code: session.user.user_name })}</p>
      <div className="content-field">
        <label htmlFor={`${id}-link`}>{t('content.referral.yourLink')}</label>
        <div className="content-copy-row">
          <input
            ref={inputRef}
            id={`${id}-link`}
            value={link}
            readOnly
            className="content-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="content-button" onClick={() => void copy()}>
            {t('content.referral.copy')}
          </button>
        </div>
      </div>
      <p role="status" className={copyState === 'failed' ? 'content-field__error' : 'content-match'}>
        {copyState === 'copied' && t('content.referral.copied')}
        {copyState === 'failed' && t('content.referral.copyFailed')}
      </p>
    </section>
  );
}
