import { adminLogin, adminLogout } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api-client';
import { callConsole } from '../lib/console-api';
import { storeConsoleSession } from '../lib/console-session';

export function useConsoleLogin() {
  return useMutation<void, ApiError, { user_name: string; password: string; totp: string }>({
    mutationFn: async (body) => {
      const { data } = await callConsole(adminLogin, body);
      storeConsoleSession({ token: data.token, role: data.role, operator: data.user_name, permissions: data.permissions });
    },
  });
}

export async function logoutConsole(): Promise<void> {
  await callConsole(adminLogout, {});
}
