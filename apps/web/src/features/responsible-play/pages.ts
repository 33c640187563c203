// Responsible play's page parts, loaded on demand (app/routes): the controls of /responsible-gambling
// (or its prompt for guests) and the deposit limits shown on /deposit.
export { RgControls } from './components/rg-controls';
export type { PauseHandlers } from './components/pause-forms';
export { RgGuestPrompt } from './components/guest-prompt';
export { DepositLimitNotice } from './components/deposit-limit-notice';
export { useRgLimits } from './api/rg-calls';
