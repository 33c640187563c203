/** Business timings of docs/product.md §9, in one place for both sides. */
export const BALANCE_POLL_MS = 5_000;
export const OTP_RESEND_ENABLE_MS = 2_000;
export const PASSWORD_CHANGE_LOGOUT_MS = 2_000;
export const SCROLL_TO_TOP_DELAY_MS = 100;
export const LOADING_STOP_DELAY_MS = 1_000;
