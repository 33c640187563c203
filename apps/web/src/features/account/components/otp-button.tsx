import { OTP_RESEND_ENABLE_MS } from '@app/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, toast } from '@/components/ui';
import { useSendOtp } from '../api/account-calls';

export interface OtpButtonProps {
  /** Checks the mobile field and returns its value, or null when it is not valid. */
  getMobile: () => Promise<string | null>;
  onSent: (requestId: string, mobile: string) => void;
  onError?: (message: string) => void;
  hasSent: boolean;
  /** True when a code was sent just before this button appeared: it starts its 2000 ms wait at once. */
  isInitiallyCoolingDown?: boolean;
}

/** Sends an OTP; disabled while sending and for 2000 ms after a send (spec §9). */
export function OtpButton({ getMobile, onSent, onError, hasSent, isInitiallyCoolingDown = false }: OtpButtonProps) {
  const { t } = useTranslation();
  const sendOtp = useSendOtp();
  const [isCoolingDown, setIsCoolingDown] = useState(isInitiallyCoolingDown);

  useEffect(() => {
    if (!isCoolingDown) return;
    const timer = window.setTimeout(() => setIsCoolingDown(false), OTP_RESEND_ENABLE_MS);
    return () => window.clearTimeout(timer);
  }, [isCoolingDown]);

  async function send() {
    const mobile = await getMobile();
    if (!mobile) return;
    setIsCoolingDown(true);
    sendOtp.mutate(mobile, {
      onSuccess: ({ data, message }) => {
        toast.success(message || t('account.otp.sent'));
        onSent(data['message-id'], mobile);
      },
      onError: (error) => (onError ? onError(error.message) : toast.error(error.message)),
    });
  }

  return (
    <Button
      variant="secondary"
      className="account-otp-button"
      isLoading={sendOtp.isPending}
      disabled={isCoolingDown}
      onClick={() => void send()}
    >
      {hasSent ? t('account.otp.resend') : t('account.otp.send')}
    </Button>
  );
}
