import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, toast } from '@/components/ui';
import { ApiError, successMessage } from '@/lib/api-client';
import { useSendOtp } from '../api/account-calls';
import { recordOtpSent, resendReadyAt, secondsUntil } from '../model/otp-cooldown';

export interface OtpButtonProps {
  /** Checks the mobile field and returns its value, or null when it is not valid. */
  getMobile: () => Promise<string | null>;
  onSent: (requestId: string, mobile: string) => void;
  onError?: (message: string) => void;
  hasSent: boolean;
  /** True when a code was sent just before this button appeared: it starts the wait at once. */
  isInitiallyCoolingDown?: boolean;
  /** A submit button: Enter in the form's field sends the code (the forgot-password phone step). */
  isFormSubmit?: boolean;
}

const TICK_MS = 1_000;

/**
 * Sends an OTP. Disabled while sending, for the spec's 2000 ms after a send, and for as long as the
 * server would refuse another code to that mobile, with the seconds left on the button.
 */
export function OtpButton({
  getMobile,
  onSent,
  onError,
  hasSent,
  isInitiallyCoolingDown = false,
  isFormSubmit = false,
}: OtpButtonProps) {
  const { t } = useTranslation();
  const sendOtp = useSendOtp();
  const [now, setNow] = useState(() => Date.now());
  const [readyAt, setReadyAt] = useState(() => (isInitiallyCoolingDown ? resendReadyAt(null, Date.now()) : 0));
  const secondsLeft = secondsUntil(readyAt, now);
  const isCoolingDown = secondsLeft > 0;

  useEffect(() => {
    if (!isCoolingDown) return;
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [isCoolingDown]);

  function waitUntil(at: number) {
    setNow(Date.now());
    setReadyAt(at);
  }

  async function send() {
    const mobile = await getMobile();
    if (!mobile) return;
    waitUntil(resendReadyAt(null, Date.now()));
    sendOtp.mutate(mobile, {
      onSuccess: ({ data, message }) => {
        const sentAt = Date.now();
        recordOtpSent(mobile, sentAt);
        waitUntil(resendReadyAt(mobile, sentAt));
        toast.success(successMessage(message, t('account.otp.sent')));
        onSent(data['message-id'], mobile);
      },
      onError: (error) => {
        // A cooldown refusal: wait as long as the server says, when it says.
        if (error instanceof ApiError && error.retryAfterSeconds !== null) {
          waitUntil(Date.now() + error.retryAfterSeconds * 1000);
        } else {
          waitUntil(0);
        }
        if (onError) onError(error.message);
        else toast.error(error.message);
      },
    });
  }

  const label = hasSent ? t('account.otp.resend') : t('account.otp.send');
  return (
    <Button
      type={isFormSubmit ? 'submit' : 'button'}
      variant="secondary"
      className="account-otp-button"
      isLoading={sendOtp.isPending}
      disabled={isCoolingDown}
      onClick={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {isCoolingDown && hasSent ? t('site.otp.resendIn', { seconds: secondsLeft }) : label}
    </Button>
  );
}
