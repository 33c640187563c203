import type { RequestOf } from '@app/shared';
import { endpoints } from '@/lib/api-routes';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { completeLogin } from '../model/session-actions';

/**
 * The account calls of docs/product.md §7 as mutations. Login-like calls finish with completeLogin (store,
 * then reload); the others hand the server's answer to the caller's onSuccess.
 */
export function useLogin() {
  return useMutation({
    mutationFn: (body: RequestOf<typeof endpoints.login>) => callApi(endpoints.login, body),
    onSuccess: ({ data }) => completeLogin(data),
  });
}

export function useDemoLogin() {
  return useMutation({
    mutationFn: () => callApi(endpoints.demoLogin, { user_name: 'demo' }),
    onSuccess: ({ data }) => completeLogin(data),
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: (body: RequestOf<typeof endpoints.signup>) => callApi(endpoints.signup, body),
    onSuccess: ({ data }) => completeLogin(data),
  });
}

export function useSendOtp() {
  return useMutation({ mutationFn: (mobile: string) => callApi(endpoints.sendOtp, { mobile }) });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: RequestOf<typeof endpoints.forgotPassword>) => callApi(endpoints.forgotPassword, body),
  });
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: RequestOf<typeof endpoints.updatePassword>) => callApi(endpoints.updatePassword, body),
  });
}

export function useFirstTimeUpdatePassword() {
  return useMutation({
    mutationFn: (body: RequestOf<typeof endpoints.firstTimeUpdatePassword>) => callApi(endpoints.firstTimeUpdatePassword, body),
  });
}

/** Logout on the server; the site forgets the session whatever the answer. */
export async function logoutOnServer(userId: number): Promise<void> {
  await callApi(endpoints.logout, { user_id: userId }).catch(() => undefined);
}
