import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, FormField, Modal, toast } from '@/components/ui';
import { useSettingsOrDefaults } from '@/lib/global-settings';
import { useLogin } from '../api/account-calls';
import { accountUi } from '../model/account-ui-store';
import { type LoginForm, loginFormSchema, translateFormError } from '../model/form-rules';
import { PasswordField } from './password-field';

function LoginFormBody() {
  const { t } = useTranslation();
  const settings = useSettingsOrDefaults();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema), defaultValues: { user_name: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    login.mutate(
      { user_name: values.user_name.trim(), password: values.password, type: 'C' },
      { onError: (error) => toast.error(error.message) },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="account-form">
      <FormField
        label={t('account.fields.userNameOrEmail')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={translateFormError(t, errors.user_name?.message)}
        {...register('user_name')}
      />
      <PasswordField
        label={t('account.fields.password')}
        autoComplete="current-password"
        error={translateFormError(t, errors.password?.message)}
        {...register('password')}
      />
      <button type="button" className="account-link account-form__forgot" onClick={() => accountUi.open('forgotPassword')}>
        {t('account.login.forgotPassword')}
      </button>
      {/* Success reloads the page, so the button stays busy until then. */}
      <Button type="submit" isBlock isLoading={login.isPending || login.isSuccess}>
        {t('account.login.submit')}
      </Button>
      {settings.sign_up === '1' && (
        <p className="account-form__switch">
          {t('account.login.noAccount')}{' '}
          <button type="button" className="account-link" onClick={() => accountUi.open('register')}>
            {t('account.login.registerLink')}
          </button>
        </p>
      )}
    </form>
  );
}

export function LoginModal({ isOpen }: { isOpen: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal isOpen={isOpen} onClose={accountUi.close} title={t('account.login.title')} size="sm">
      <LoginFormBody />
    </Modal>
  );
}
