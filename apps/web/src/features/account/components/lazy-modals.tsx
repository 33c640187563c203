import { type ComponentType, lazy, Suspense } from 'react';

/**
 * The account dialogs carry the form library and their rules; they load when first opened, so
 * the first page does not pay for them (docs/shell.md "Speed"). Each renders only while open.
 */
function onDemand(load: () => Promise<ComponentType<{ isOpen: boolean }>>) {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function OnDemandDialog({ isOpen }: { isOpen: boolean }) {
    if (!isOpen) return null;
    return (
      <Suspense fallback={null}>
        <Dialog isOpen />
      </Suspense>
    );
  };
}

export const LoginModal = onDemand(() => import('./login-modal').then((m) => m.LoginModal));
export const RegisterModal = onDemand(() => import('./register-modal').then((m) => m.RegisterModal));
export const ForgotPasswordModal = onDemand(() => import('./forgot-password-modal').then((m) => m.ForgotPasswordModal));
export const ChangePasswordModal = onDemand(() => import('./change-password-modal').then((m) => m.ChangePasswordModal));
export const ForcedPasswordModal = onDemand(() => import('./change-password-modal').then((m) => m.ForcedPasswordModal));
export const SessionEndedAlert = onDemand(() => import('./session-ended-alert').then((m) => m.SessionEndedAlert));
