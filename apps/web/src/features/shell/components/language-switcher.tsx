import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui';
import { LANGUAGES, type LanguageCode, changeLanguage } from '@/lib/i18n';
import { ChevronIcon, GlobeIcon } from './icons';

/** Switches between English, Hindi and Bengali; the choice is stored (lib/i18n). */
export function LanguageSwitcher({ variant = 'menu' }: { variant?: 'menu' | 'list' }) {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((language) => language.code === i18n.language) ?? LANGUAGES[0];
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  async function choose(code: LanguageCode) {
    setIsOpen(false);
    try {
      await changeLanguage(code);
    } catch {
      toast.error(t('shell.language.loadFailed'));
    }
  }

  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setIsOpen(false);
        rootRef.current?.querySelector<HTMLButtonElement>('.shell-lang__toggle')?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  if (variant === 'list') {
    return (
      <div className="shell-lang-list" role="group" aria-label={t('shell.language.label')}>
        {LANGUAGES.map((language) => (
          <button
            key={language.code}
            type="button"
            lang={language.code}
            className="shell-lang-list__option"
            aria-pressed={language.code === current.code}
            onClick={() => void choose(language.code)}
          >
            {language.label}
          </button>
        ))}
      </div>
    );
  }

  return (
    <div className="shell-lang" ref={rootRef}>
      <button
        type="button"
        className="shell-lang__toggle"
        aria-haspopup="true"
        aria-expanded={isOpen}
        aria-controls={menuId}
        aria-label={t('shell.language.change', { language: current.label })}
        onClick={() => setIsOpen((open) => !open)}
      >
        <GlobeIcon size={18} />
        <span className="shell-lang__code">{current.code.toUpperCase()}</span>
        <ChevronIcon size={14} />
      </button>
      <ul id={menuId} className="shell-lang__menu" hidden={!isOpen}>
        {LANGUAGES.map((language) => (
          <li key={language.code}>
            <button
              type="button"
              lang={language.code}
              className="shell-lang__option"
              aria-current={language.code === current.code ? 'true' : undefined}
              onClick={() => void choose(language.code)}
            >
              {language.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
