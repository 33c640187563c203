import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, toast } from '@/components/ui';
import { useSettingsOrDefaults } from '@/lib/global-settings';
import { useSession } from '@/lib/session';
import { useDemoLogin } from '../api/account-calls';
import { accountUi } from '../model/account-ui-store';
import { UserMenu } from './user-menu';
import '../account.css';

/** The header's account corner: guest buttons, or the balance and the user menu. */
export function AccountArea({ balance, menuExtras }: { balance?: ReactNode; menuExtras?: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const settings = useSettingsOrDefaults();
  const demoLogin = useDemoLogin();

  if (session) {
    return (
      <div className="account-area">
        {balance}
        <UserMenu user={session.user} menuExtras={menuExtras} />
      </div>
    );
  }
  return (
    <div className="account-area account-area--guest">
      {settings.demo === '1' && (
        <Button
          variant="ghost"
          size="sm"
          className="account-area__demo"
          isLoading={demoLogin.isPending || demoLogin.isSuccess}
          onClick={() => demoLogin.mutate(undefined, { onError: (error) => toast.error(error.message) })}
        >
          {t('account.area.demo')}
        </Button>
      )}
      <Button variant="secondary" size="sm" onClick={() => accountUi.open('login')}>
        {t('account.area.login')}
      </Button>
      {settings.sign_up === '1' && (
        <Button size="sm" onClick={() => accountUi.open('register')}>
          {t('account.area.register')}
        </Button>
      )}
    </div>
  );
}
