import { RG_RETURN_WAIT_MS, type RgState } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, toast } from '@/components/ui';
import { successMessage } from '@/lib/api-client';
import { useRequestReturn } from '../api/rg-calls';
import { formatMoment } from '../model/format';
import { type PauseStatus, pauseStatus } from '../model/limits-model';

/** The pause's sentence: until when it runs, or that it lasts until the player asks to return. */
export function usePauseSentence(status: PauseStatus): string | null {
  const { t, i18n } = useTranslation();
  const at = (ms: number) => formatMoment(ms, i18n.language);
  switch (status.status) {
    case 'none':
      return null;
    case 'time_out':
      return status.until === null ? t('rg.status.selfExclusionForEver') : t('rg.status.timeOut', { until: at(status.until) });
    case 'self_exclusion':
      return status.until === null
        ? t('rg.status.selfExclusionForEver')
        : t('rg.status.selfExclusion', { until: at(status.until) });
    case 'awaiting_return':
      return t('rg.status.awaitingReturn');
    case 'returning':
      return t('rg.status.returning', { until: at(status.until) });
  }
}

/** At the top of the controls while a pause runs: what it is, and "ask to return" when a self-exclusion's time is over. */
export function PauseStatusCard({ state }: { state: RgState }) {
  const { t } = useTranslation();
  const status = pauseStatus(state);
  const sentence = usePauseSentence(status);
  if (!sentence) return null;
  return (
    <div className="rg-card rg-card--pause" data-testid="rg-pause-status">
      <p className="rg-card__lead">{sentence}</p>
      <p className="rg-note">{t('rg.status.allowed')}</p>
      {status.status === 'awaiting_return' && <AskToReturn />}
    </div>
  );
}

function AskToReturn() {
  const { t, i18n } = useTranslation();
  const request = useRequestReturn();
  const [isConfirming, setIsConfirming] = useState(false);
  const close = () => setIsConfirming(false);
  return (
    <>
      <Button onClick={() => setIsConfirming(true)}>{t('rg.status.askToReturn')}</Button>
      <Modal
        isOpen={isConfirming}
        onClose={close}
        title={t('rg.status.askTitle')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              isLoading={request.isPending}
              onClick={() =>
                request.mutate(undefined, {
                  onSuccess: ({ message }) => {
                    close();
                    toast.success(successMessage(message, t('rg.status.asked')));
                  },
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              {t('rg.status.askConfirm')}
            </Button>
          </>
        }
      >
        <p>{t('rg.status.askBody', { from: formatMoment(Date.now() + RG_RETURN_WAIT_MS, i18n.language) })}</p>
      </Modal>
    </>
  );
}
