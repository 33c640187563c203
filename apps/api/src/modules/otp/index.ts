/** The one-time code module's public face (docs/accounts.md, "OTP"). */
export { createOtpService, type OtpService } from './otp.service';
