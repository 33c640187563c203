import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, FormField, Modal, toast } from '@/components/ui';
import { paths } from '@/config/paths';
import { useForgotPassword } from '../api/account-calls';
import { accountUi } from '../model/account-ui-store';
import {
  type ForgotPhoneForm,
  type ForgotResetForm,
  forgotPhoneSchema,
  forgotResetSchema,
  translateFormError,
} from '../model/form-rules';
import { OtpButton } from './otp-button';
import { PasswordField } from './password-field';
import { successMessage } from '@/lib/api-client';

/** Spec §8: on an error the message shows, the modal closes and the form starts again. */
function failAndClose(message: string): void {
  toast.error(message);
  accountUi.close();
}

function PhoneStep({ onSent }: { onSent: (requestId: string, mobile: string) => void }) {
  const { t } = useTranslation();
  const {
    register,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<ForgotPhoneForm>({ resolver: zodResolver(forgotPhoneSchema), defaultValues: { mobile: '' } });
  return (
    <form onSubmit={(event) => event.preventDefault()} noValidate className="account-form">
      <p className="account-form__note">{t('account.forgot.phoneIntro')}</p>
      <FormField
        label={t('account.fields.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={translateFormError(t, errors.mobile?.message)}
        {...register('mobile')}
      />
      {/* A submit button, so Enter in the mobile field sends the code. */}
      <OtpButton
        hasSent={false}
        isFormSubmit
        getMobile={async () => ((await trigger('mobile')) ? getValues('mobile').trim() : null)}
        onSent={onSent}
        onError={failAndClose}
      />
    </form>
  );
}

function ResetStep({ requestId, mobile }: { requestId: string; mobile: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useForgotPassword();
  const [currentRequestId, setCurrentRequestId] = useState(requestId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotResetForm>({
    resolver: zodResolver(forgotResetSchema),
    defaultValues: { otp: '', password: '', confrim_passowrd: '' },
  });
  const error = (message: string | undefined) => translateFormError(t, message);

  const onSubmit = handleSubmit(
    (values) =>
      reset.mutate(
        {
          mobile,
          request_id: currentRequestId,
          otp: values.otp.trim(),
          password: values.password,
          confrim_passowrd: values.confrim_passowrd,
        },
        {
          onSuccess: ({ message }) => {
            toast.success(successMessage(message, t('account.forgot.done')));
            accountUi.close();
            void navigate(paths.home);
          },
          onError: (failure) => failAndClose(failure.message),
        },
      ),
    () => toast.error(t('account.validation.enterAllDetails')),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="account-form">
      <p className="account-form__note">{t('account.forgot.codeIntro', { mobile })}</p>
      <div className="account-form__row">
        <FormField
          label={t('account.fields.otp')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={error(errors.otp?.message)}
          {...register('otp')}
        />
        <OtpButton
          hasSent
          isInitiallyCoolingDown
          getMobile={async () => mobile}
          onSent={(id) => setCurrentRequestId(id)}
          onError={failAndClose}
        />
      </div>
      <PasswordField
        label={t('account.fields.newPassword')}
        hint={t('account.register.passwordHint')}
        autoComplete="new-password"
        error={error(errors.password?.message)}
        {...register('password')}
      />
      <PasswordField
        label={t('account.fields.confirmPassword')}
        autoComplete="new-password"
        error={error(errors.confrim_passowrd?.message)}
        {...register('confrim_passowrd')}
      />
      <Button type="submit" isBlock isLoading={reset.isPending}>
        {t('account.forgot.submit')}
      </Button>
    </form>
  );
}

function ForgotPasswordBody() {
  const [sent, setSent] = useState<{ requestId: string; mobile: string } | null>(null);
  return sent ? (
    <ResetStep requestId={sent.requestId} mobile={sent.mobile} />
  ) : (
    <PhoneStep onSent={(requestId, mobile) => setSent({ requestId, mobile })} />
  );
}

/** Forgot password: phone step, then the OTP and a new password (docs/product.md §4). */
export function ForgotPasswordModal({ isOpen }: { isOpen: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal isOpen={isOpen} onClose={accountUi.close} title={t('account.forgot.title')} size="sm">
      <ForgotPasswordBody />
    </Modal>
  );
}
