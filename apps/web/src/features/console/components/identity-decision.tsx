import { adminKycDocument, adminKycReview, type KycStatus } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, toast } from '@/components/ui';
import { queryKeys } from '@/lib/query-keys';
import { useConsoleQuery } from '../api/use-console-query';
import { callConsole, toastConsoleError } from '../lib/console-api';
import { useMay } from '../lib/use-may';
import { ActionDialog, MoneyFacts } from './action-dialog';

/** The player's identity document (an image), in a dialog. */
export function DocumentViewer({ userName, onClose }: { userName: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const document = useConsoleQuery(adminKycDocument, { user_name: userName });
  return (
    <Modal isOpen onClose={onClose} title={t('payments.documentOf', { name: userName })} size="lg">
      {document.data ? (
        <img
          className="console-document"
          src={`data:${document.data.content_type};base64,${document.data.base64}`}
          alt={t('payments.documentOf', { name: userName })}
        />
      ) : (
        <p>{document.error?.message ?? t('common.loading')}</p>
      )}
    </Modal>
  );
}

export interface IdentityDecisionProps {
  userName: string;
  status: KycStatus;
  /** Shown beside the buttons, as in a table's row: the legal name the player gave. */
  legalName?: string | null;
}

/**
 * View a player's identity document and decide it, each decision confirmed with the player and
 * its effect (docs/operators.md, "Money acts"): approving lets the player withdraw. Used in the
 * identity queue and on the player's own page.
 */
export function IdentityDecision({ userName, status, legalName }: IdentityDecisionProps) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const canDecide = useMay('kyc.decide');
  const canView = useMay('payments.view');
  const [isViewing, setIsViewing] = useState(false);
  const [deciding, setDeciding] = useState<'approved' | 'rejected' | null>(null);

  async function review(decision: 'approved' | 'rejected', reason: string) {
    try {
      await callConsole(adminKycReview, { user_name: userName, decision, ...(reason ? { reason } : {}) });
      toast.success(t(decision === 'approved' ? 'kyc.approvedDone' : 'kyc.rejectedDone', { name: userName }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.console.all });
    } catch (error) {
      toastConsoleError(error);
      throw error;
    }
  }

  const facts = [
    { label: t('common.player'), value: userName },
    ...(legalName ? [{ label: t('kyc.legalName'), value: legalName }] : []),
  ];

  return (
    <div className="console-actions">
      {canView && (
        <Button size="sm" variant="secondary" onClick={() => setIsViewing(true)}>
          {t('payments.viewDocument')}
        </Button>
      )}
      {canDecide && status === 'submitted' && (
        <>
          <Button size="sm" aria-label={t('kyc.approveLabel', { name: userName })} onClick={() => setDeciding('approved')}>
            {t('payments.approve')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            aria-label={t('kyc.rejectLabel', { name: userName })}
            onClick={() => setDeciding('rejected')}
          >
            {t('payments.reject')}
          </Button>
        </>
      )}
      {isViewing && <DocumentViewer userName={userName} onClose={() => setIsViewing(false)} />}
      <ActionDialog
        isOpen={deciding !== null}
        onClose={() => setDeciding(null)}
        title={t(deciding === 'rejected' ? 'payments.rejectIdentity' : 'kyc.approveTitle', { name: userName })}
        description={
          <MoneyFacts
            facts={facts}
            effect={t(deciding === 'rejected' ? 'kyc.rejectEffect' : 'kyc.approveEffect', { name: userName })}
          />
        }
        submitLabel={t(deciding === 'rejected' ? 'payments.reject' : 'payments.approve')}
        askReason={deciding === 'rejected'}
        isDanger={deciding === 'rejected'}
        onSubmit={(values) => (deciding ? review(deciding, values.reason) : Promise.resolve())}
      />
    </div>
  );
}
