import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { onSessionEnded } from '@/lib/api-client';
import { useSettingsOrDefaults } from '@/lib/global-settings';
import { clearSession, getSession, useSession } from '@/lib/session';
import { logoutOnServer } from '../api/account-calls';
import { accountUi, useAccountUi } from '../model/account-ui-store';
import { isLoggingOut } from '../model/planned-logout';
import {
  ChangePasswordModal,
  ForcedPasswordModal,
  ForgotPasswordModal,
  LoginModal,
  RegisterModal,
  SessionEndedAlert,
} from './lazy-modals';
import '../account.css';

const REFERRAL_PARAM = 'referance';
const REFERRAL_CODE_MAX_LENGTH = 20;

/** 401/403 anywhere: forget the session, go to the root page and say why (docs/product.md §4). */
function useSessionEndedHandling(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionEnded((code) => {
        if (isLoggingOut()) return;
        const hadSession = getSession() !== null;
        clearSession();
        void navigate('/');
        // Several calls fail at once when a session ends: one alert is enough.
        if (hadSession) accountUi.showSessionEnded(code);
      }),
    [navigate],
  );
}

/** /home?referance={code}: registration opens with the code filled in, after clearing a stored session. */
function useReferralLink(isSignUpOn: boolean): void {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const code = params.get(REFERRAL_PARAM);
  useEffect(() => {
    if (location.pathname !== paths.home || code === null) return;
    const session = getSession();
    if (session) {
      void logoutOnServer(session.user.user_id);
      clearSession();
    }
    if (isSignUpOn) accountUi.open('register', code.trim().slice(0, REFERRAL_CODE_MAX_LENGTH));
    // Done with it: a reload should not open registration again.
    const rest = new URLSearchParams(params);
    rest.delete(REFERRAL_PARAM);
    setParams(rest, { replace: true });
  }, [location.pathname, code, params, setParams, isSignUpOn]);
}

/** Every account modal and alert, mounted once by each layout. */
export function AccountModals() {
  const { modal, sessionEndedCode } = useAccountUi();
  const session = useSession();
  const settings = useSettingsOrDefaults();
  useSessionEndedHandling();
  useReferralLink(settings.sign_up === '1');
  const isForced = session?.user.is_change_password === '1';

  return (
    <>
      <LoginModal isOpen={!session && modal === 'login'} />
      <RegisterModal isOpen={!session && modal === 'register' && settings.sign_up === '1'} />
      <ForgotPasswordModal isOpen={!session && modal === 'forgotPassword'} />
      <ChangePasswordModal isOpen={Boolean(session) && !isForced && modal === 'changePassword'} />
      <ForcedPasswordModal isOpen={isForced} />
      <SessionEndedAlert isOpen={sessionEndedCode !== null} />
    </>
  );
}
