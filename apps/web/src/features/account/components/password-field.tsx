import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, type FormFieldProps } from '@/components/ui';

/** A password input with a show/hide button (labelled for screen readers). */
export function PasswordField(props: Omit<FormFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <FormField
      {...props}
      type={isVisible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="account-reveal"
          aria-pressed={isVisible}
          aria-label={isVisible ? t('account.fields.hidePassword') : t('account.fields.showPassword')}
          onClick={() => setIsVisible((visible) => !visible)}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
            {isVisible && <path d="M4 4l16 16" />}
          </svg>
        </button>
      }
    />
  );
}
