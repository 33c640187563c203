import { endpoints } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/contract';
import type { OtpService } from '../otp';
import { type ClientInfo, clientInfo } from '../sessions';
import type { AuthService } from './auth.service';
import type { PasswordsService } from './passwords.service';

function client(request: FastifyRequest): ClientInfo {
  return clientInfo(request.ip, request.headers['user-agent']);
}

/** The account calls of docs/product.md §7: wire names in, clear names to the services. */
export function registerAuthRoutes(
  app: FastifyInstance,
  services: { auth: AuthService; passwords: PasswordsService; otp: OtpService },
): void {
  const { auth, passwords, otp } = services;

  registerEndpoint(app, endpoints.sendOtp, async ({ body, request }) => ({
    data: { 'message-id': await otp.send(body.mobile, client(request).ip) },
    message: 'OTP sent. It is valid for 5 minutes.',
  }));

  registerEndpoint(app, endpoints.login, async ({ body, request }) => ({
    data: await auth.login(body.user_name, body.password, client(request)),
    message: 'Logged in.',
  }));

  registerEndpoint(app, endpoints.demoLogin, async ({ request }) => ({
    data: await auth.demoLogin(client(request)),
    message: 'Welcome to the demo. You are playing with play money.',
  }));

  registerEndpoint(app, endpoints.signup, async ({ body, request }) => ({
    data: await auth.signup(
      {
        userName: body.user_name,
        mobile: body.mobile,
        password: body.password,
        ...(body.email ? { email: body.email } : {}),
        ...(body.referal_code?.trim() ? { referralCode: body.referal_code.trim() } : {}),
        ...(body.internelid ? { otpRequestId: body.internelid } : {}),
        ...(body.code ? { otpCode: body.code } : {}),
        ...(body.age_terms_confirmed ? { isAgeTermsConfirmed: true } : {}),
      },
      client(request),
    ),
    message: 'Your account is ready. Welcome!',
  }));

  registerEndpoint(app, endpoints.logout, async ({ request }) => {
    await auth.logout(request.user, client(request));
    return { data: {}, message: 'Logged out.' };
  });

  registerEndpoint(app, endpoints.forgotPassword, async ({ body, request }) => ({
    data: {},
    message: await passwords.reset(
      { mobile: body.mobile, password: body.password, requestId: body.request_id, otp: body.otp },
      client(request),
    ),
  }));

  registerEndpoint(app, endpoints.updatePassword, async ({ body, request }) => {
    const change = { oldPassword: body.old_password, newPassword: body.new_password, isFirstTime: false };
    await passwords.change(request.user, change, client(request));
    return { data: {}, message: 'Password changed. Please log in again with the new password.' };
  });

  registerEndpoint(app, endpoints.firstTimeUpdatePassword, async ({ body, request }) => {
    const change = { oldPassword: body.old_password, newPassword: body.new_password, isFirstTime: true };
    await passwords.change(request.user, change, client(request));
    return { data: {}, message: 'Password changed. Please log in again with the new password.' };
  });
}
