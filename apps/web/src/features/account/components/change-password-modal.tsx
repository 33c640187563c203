import { PASSWORD_CHANGE_LOGOUT_MS } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Modal, toast } from '@/components/ui';
import { useSession } from '@/lib/session';
import { logoutOnServer, useFirstTimeUpdatePassword, useUpdatePassword } from '../api/account-calls';
import { accountUi } from '../model/account-ui-store';
import { type ChangePasswordForm, changePasswordSchema, translateFormError } from '../model/form-rules';
import { expectSessionEnd, planLogout, withdrawSessionEndExpectation } from '../model/planned-logout';
import { leaveToHome } from '../model/session-actions';
import { PasswordField } from './password-field';
import { successMessage } from '@/lib/api-client';

type Outcome = 'changed' | 'failed';

/** How long a change request may take before its refusals count as a real session end again. */
const CHANGE_REQUEST_WINDOW_MS = 60_000;

/**
 * After a change the player is logged out 2000 ms later, even on failure (docs/product.md §4, §9). Planned
 * outside React, so closing the modal in those 2 s cannot cancel it.
 */
function logoutAfterChange(userId: number, outcome: Outcome): void {
  planLogout(PASSWORD_CHANGE_LOGOUT_MS, () => {
    // A changed password already ended the session on the server; a failed one did not.
    if (outcome === 'failed') void logoutOnServer(userId).finally(leaveToHome);
    else leaveToHome();
  });
}

interface PasswordFormProps {
  /** 'change': the menu's change password; 'forced': firstTimeUpdatePassword before anything else. */
  mode: 'change' | 'forced';
}

function PasswordChangeForm({ mode }: PasswordFormProps) {
  const { t } = useTranslation();
  const session = useSession();
  const update = useUpdatePassword();
  const firstTime = useFirstTimeUpdatePassword();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { old_password: '', new_password: '', confirm_password: '' },
  });
  const error = (message: string | undefined) => translateFormError(t, message);
  const user = session?.user;

  const onSubmit = handleSubmit((values) => {
    if (!user) return;
    // While the request runs the server may already have ended the session: its 401s are expected.
    expectSessionEnd(CHANGE_REQUEST_WINDOW_MS);
    // mutateAsync settles even when the modal has been closed meanwhile (mutate's callbacks would not).
    const request =
      mode === 'forced'
        ? firstTime.mutateAsync({ ...values, user_type: 'C', user_id: user.user_id })
        : update.mutateAsync({ ...values, transaction_code: '', user_name: user.user_name, user_id: user.user_id });
    void request.then(
      ({ message }) => {
        toast.success(successMessage(message, t('account.password.changed')));
        logoutAfterChange(user.user_id, 'changed');
        setOutcome('changed');
      },
      (failure: Error) => {
        toast.error(failure.message);
        // The forced change may be tried again (docs/accounts.md); the menu's change logs out either way (spec).
        if (mode === 'forced') {
          withdrawSessionEndExpectation();
          return;
        }
        logoutAfterChange(user.user_id, 'failed');
        setOutcome('failed');
      },
    );
  });

  const isBusy = update.isPending || firstTime.isPending || outcome !== null;
  return (
    <form onSubmit={onSubmit} noValidate className="account-form">
      {mode === 'forced' && <p className="account-form__note">{t('account.password.forcedIntro')}</p>}
      <fieldset disabled={outcome !== null} className="account-form__fieldset">
        <PasswordField
          label={t('account.fields.oldPassword')}
          autoComplete="current-password"
          error={error(errors.old_password?.message)}
          {...register('old_password')}
        />
        <PasswordField
          label={t('account.fields.newPassword')}
          hint={t('account.register.passwordHint')}
          autoComplete="new-password"
          error={error(errors.new_password?.message)}
          {...register('new_password')}
        />
        <PasswordField
          label={t('account.fields.confirmPassword')}
          autoComplete="new-password"
          error={error(errors.confirm_password?.message)}
          {...register('confirm_password')}
        />
      </fieldset>
      {outcome !== null && (
        <p className="account-form__note" role="status">
          {/* Say what happened: a refused change leaves the old password in place. */}
          {t(outcome === 'changed' ? 'account.password.loggingOut' : 'site.password.notChangedLoggingOut')}
        </p>
      )}
      <Button type="submit" isBlock isLoading={isBusy}>
        {t('account.password.submit')}
      </Button>
      {mode === 'forced' && outcome === null && (
        <Button
          variant="ghost"
          isBlock
          onClick={() => {
            if (user) void logoutOnServer(user.user_id).finally(leaveToHome);
          }}
        >
          {t('account.menu.logout')}
        </Button>
      )}
    </form>
  );
}

export function ChangePasswordModal({ isOpen }: { isOpen: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal isOpen={isOpen} onClose={accountUi.close} title={t('account.password.title')} size="sm">
      <PasswordChangeForm mode="change" />
    </Modal>
  );
}

/** is_change_password '1': a modal that cannot be dismissed until the password is changed. */
export function ForcedPasswordModal({ isOpen }: { isOpen: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal isOpen={isOpen} onClose={() => undefined} isDismissible={false} title={t('account.password.forcedTitle')} size="sm">
      <PasswordChangeForm mode="forced" />
    </Modal>
  );
}
