import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, FormField, Modal, toast } from '@/components/ui';
import { paths } from '@/config/paths';
import { useSettingsOrDefaults } from '@/lib/global-settings';
import { useSignup } from '../api/account-calls';
import { accountUi, useAccountUi } from '../model/account-ui-store';
import { type RegisterForm, registerFormSchema, translateFormError, withoutSpaces } from '../model/form-rules';
import { OtpButton } from './otp-button';
import { PasswordField } from './password-field';

/** Registration in both variants: with OTP when otp_enable is '1', without when '0'. */
function RegisterFormBody({ isOtpOn, referralCode }: { isOtpOn: boolean; referralCode: string }) {
  const { t } = useTranslation();
  const signup = useSignup();
  const [otp, setOtp] = useState<{ requestId: string; mobile: string } | null>(null);
  const schema = useMemo(() => registerFormSchema(isOtpOn), [isOtpOn]);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<RegisterForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      user_name: '',
      mobile: '',
      password: '',
      confirm_password: '',
      email: '',
      referal_code: referralCode,
      code: '',
      age_terms: false,
    },
  });
  const error = (message: string | undefined) => translateFormError(t, message);
  const consentId = useId();
  const consentError = error(errors.age_terms?.message);

  const userName = register('user_name');
  const onSubmit = handleSubmit((values) => {
    if (isOtpOn && (!otp || otp.mobile !== values.mobile.trim())) {
      toast.error(t('account.register.sendOtpFirst'));
      return;
    }
    signup.mutate(
      {
        user_name: values.user_name,
        mobile: values.mobile.trim(),
        password: values.password,
        confirm_password: values.confirm_password,
        currency: 'INR',
        referal_code: values.referal_code.trim(),
        email: values.email.trim(),
        ...(isOtpOn && otp ? { internelid: otp.requestId, code: values.code.trim() } : {}),
        age_terms_confirmed: true,
      },
      { onError: (failure) => toast.error(failure.message) },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="account-form">
      <FormField
        label={t('account.fields.userName')}
        hint={t('account.register.userNameHint')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={error(errors.user_name?.message)}
        {...userName}
        onKeyDown={(event) => {
          if (event.key === ' ') event.preventDefault();
        }}
        onChange={(event) => {
          event.target.value = withoutSpaces(event.target.value);
          return userName.onChange(event);
        }}
      />
      <div className={isOtpOn ? 'account-form__row' : undefined}>
        <FormField
          label={t('account.fields.mobile')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={error(errors.mobile?.message)}
          {...register('mobile')}
        />
        {isOtpOn && (
          <OtpButton
            hasSent={otp !== null}
            getMobile={async () => ((await trigger('mobile')) ? getValues('mobile').trim() : null)}
            onSent={(requestId, mobile) => setOtp({ requestId, mobile })}
          />
        )}
      </div>
      {isOtpOn && (
        <FormField
          label={t('account.fields.otp')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={error(errors.code?.message)}
          {...register('code')}
        />
      )}
      <PasswordField
        label={t('account.fields.password')}
        hint={t('account.register.passwordHint')}
        autoComplete="new-password"
        error={error(errors.password?.message)}
        {...register('password')}
      />
      <PasswordField
        label={t('account.fields.confirmPassword')}
        autoComplete="new-password"
        error={error(errors.confirm_password?.message)}
        {...register('confirm_password')}
      />
      <FormField
        label={t('account.fields.emailOptional')}
        type="email"
        autoComplete="email"
        error={error(errors.email?.message)}
        {...register('email')}
      />
      <FormField
        label={t('account.fields.referralOptional')}
        autoCapitalize="none"
        error={error(errors.referal_code?.message)}
        {...register('referal_code')}
      />
      <p className="account-form__note">{t('account.register.currencyNote')}</p>
      <div className={['account-form__consent', consentError && 'account-form__consent--invalid'].filter(Boolean).join(' ')}>
        <input
          id={consentId}
          type="checkbox"
          aria-invalid={consentError ? true : undefined}
          aria-describedby={consentError ? `${consentId}-error` : undefined}
          data-testid="register-age-terms"
          {...register('age_terms')}
        />
        <label htmlFor={consentId}>
          {t('account.register.ageTerms')}{' '}
          <a href={paths.policy('terms')} target="_blank" rel="noopener noreferrer">
            {t('account.register.readTerms')}
          </a>
        </label>
        {consentError && (
          <p id={`${consentId}-error`} className="ui-field__error" role="alert">
            {consentError}
          </p>
        )}
      </div>
      <Button type="submit" isBlock isLoading={signup.isPending || signup.isSuccess}>
        {t('account.register.submit')}
      </Button>
      <p className="account-form__switch">
        {t('account.register.haveAccount')}{' '}
        <button type="button" className="account-link" onClick={() => accountUi.open('login')}>
          {t('account.register.loginLink')}
        </button>
      </p>
    </form>
  );
}

export function RegisterModal({ isOpen }: { isOpen: boolean }) {
  const { t } = useTranslation();
  const settings = useSettingsOrDefaults();
  const { referralCode } = useAccountUi();
  const isOtpOn = settings.otp_enable === '1';
  return (
    <Modal isOpen={isOpen} onClose={accountUi.close} title={t('account.register.title')} size="md">
      {/* Keyed by variant: a settings change mid-way starts a clean form. */}
      <RegisterFormBody key={isOtpOn ? 'otp' : 'plain'} isOtpOn={isOtpOn} referralCode={referralCode} />
    </Modal>
  );
}
