import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, FormField, toast } from '@/components/ui';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { buildReferralLink } from '../model/referral-link';

const COPIED_LABEL_MS = 4_000;

/** The logged-in player's own referral link with a Copy button; a guest is invited to register. */
export function ReferralLinkPanel() {
  const { t } = useTranslation();
  const session = useSession();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = window.setTimeout(() => setIsCopied(false), COPIED_LABEL_MS);
    return () => window.clearTimeout(timer);
  }, [isCopied]);

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
      setIsCopied(true);
      toast.success(t('content.referral.copied'));
    } catch {
      // No clipboard permission (or an insecure page): select the text so the player can copy it.
      inputRef.current?.focus();
      inputRef.current?.select();
      toast.error(t('content.referral.copyFailed'));
    }
  }

  return (
    <section className="content-tool" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('content.referral.title')}</h2>
      <p>{t('content.referral.yourCode', { code: session.user.user_name })}</p>
      <div className="content-copy-row">
        <FormField
          ref={inputRef}
          className="content-copy-row__field"
          label={t('content.referral.yourLink')}
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button onClick={() => void copy()}>{isCopied ? t('content.referral.copiedShort') : t('content.referral.copy')}</Button>
      </div>
    </section>
  );
}
