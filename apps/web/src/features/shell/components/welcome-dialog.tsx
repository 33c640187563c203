import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/components/ui';

/** The operator's welcome banner after a login (welcome-banner.tsx decides when). */
export function WelcomeDialog({ bannerSrc, onClose }: { bannerSrc: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal isOpen onClose={onClose} title={t('shell.welcome.title')} size="lg" className="shell-welcome">
      <img src={bannerSrc} alt={t('shell.welcome.imageAlt')} className="shell-welcome__image" />
      <div className="shell-welcome__actions">
        <Button onClick={onClose} isBlock>
          {t('shell.welcome.start')}
        </Button>
      </div>
    </Modal>
  );
}
