import { describe, expect, it } from 'vitest';
import { OTP_SERVER_COOLDOWN_MS, recordOtpSent, resendReadyAt, secondsUntil } from './otp-cooldown';

describe('OTP resend cooldown', () => {
  it('waits the server cooldown after a send to the same mobile', () => {
    recordOtpSent('9876543210', 1_000_000);
    expect(resendReadyAt('9876543210', 1_000_500)).toBe(1_000_000 + OTP_SERVER_COOLDOWN_MS);
    expect(secondsUntil(resendReadyAt('9876543210', 1_000_500), 1_000_500)).toBe(60);
  });

  it('uses the last mobile when the caller does not name one (the resend step)', () => {
    recordOtpSent('9000000001', 2_000_000);
    expect(resendReadyAt(null, 2_010_000)).toBe(2_000_000 + OTP_SERVER_COOLDOWN_MS);
  });

  it('never counts down below zero and rounds up', () => {
    expect(secondsUntil(5_000, 6_000)).toBe(0);
    expect(secondsUntil(5_001, 4_000)).toBe(2);
  });
});
