import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/components/ui';
import { accountUi, useAccountUi } from '../model/account-ui-store';

/** The alert after a 401/403: its text says why, from the refusal's code (docs/product.md §8). */
export function SessionEndedAlert() {
  const { t } = useTranslation();
  const { sessionEndedCode } = useAccountUi();
  const text =
    sessionEndedCode === 'LOGGED_IN_ELSEWHERE'
      ? t('account.sessionEnded.elsewhere')
      : sessionEndedCode === 'SESSION_LIMIT_REACHED'
        ? t('account.sessionEnded.limit')
        : t('account.sessionEnded.expired');
  return (
    <Modal
      isOpen={sessionEndedCode !== null}
      onClose={accountUi.dismissSessionEnded}
      title={t('account.sessionEnded.title')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={accountUi.dismissSessionEnded}>
            {t('account.sessionEnded.ok')}
          </Button>
          <Button
            onClick={() => {
              accountUi.dismissSessionEnded();
              accountUi.open('login');
            }}
          >
            {t('account.login.submit')}
          </Button>
        </>
      }
    >
      <p className="account-alert__text" data-testid="session-ended-text">
        {text}
      </p>
    </Modal>
  );
}
