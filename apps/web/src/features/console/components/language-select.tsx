import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui';
import { LANGUAGES, type LanguageCode } from '@/lib/i18n';
import { changeConsoleLanguage } from '../lib/console-i18n';

/** English, Hindi or Bengali for the console (the choice is the site's stored language too). */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('admin');
  async function choose(code: LanguageCode) {
    try {
      await changeConsoleLanguage(code);
    } catch {
      toast.error(t('common.languageFailed'));
    }
  }
  return (
    <select
      className={className ?? 'console__language'}
      aria-label={t('nav.language')}
      value={i18n.language}
      onChange={(event) => void choose(event.target.value as LanguageCode)}
    >
      {LANGUAGES.map((language) => (
        <option key={language.code} value={language.code} lang={language.code}>
          {language.label}
        </option>
      ))}
    </select>
  );
}
