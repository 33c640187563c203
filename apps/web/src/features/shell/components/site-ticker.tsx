import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsOrDefaults } from '@/lib/global-settings';
import { MegaphoneIcon } from './icons';

/**
 * The operator's site message as a scrolling ticker. It pauses while hovered or focused, and
 * does not move at all for visitors who prefer reduced motion (CSS), so it can always be read.
 */
export const SiteTicker = memo(function SiteTicker() {
  const { t } = useTranslation();
  const message = useSettingsOrDefaults().site_message.trim();
  if (!message) return null;
  return (
    <section className="shell-ticker" aria-label={t('shell.ticker.label')} tabIndex={0}>
      <span className="shell-ticker__badge">
        <MegaphoneIcon size={16} />
      </span>
      <div className="shell-ticker__viewport">
        <p className="shell-ticker__track" data-testid="site-message">
          <span>{message}</span>
          <span aria-hidden="true">{message}</span>
        </p>
      </div>
    </section>
  );
});
