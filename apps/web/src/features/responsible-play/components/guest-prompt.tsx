import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui';
import '../session.css';
import '../responsible-play.css';

/** /responsible-gambling for a guest: the controls need a login; the page's information follows. */
export function RgGuestPrompt({ onLogin }: { onLogin: () => void }) {
  const { t } = useTranslation();
  return (
    <aside className="rg-card rg-guest" aria-labelledby="rg-guest-title" data-testid="rg-guest">
      <h2 id="rg-guest-title" className="rg-card__title">
        {t('rg.guest.title')}
      </h2>
      <p>{t('rg.guest.text')}</p>
      <Button onClick={onLogin}>{t('rg.guest.login')}</Button>
    </aside>
  );
}
