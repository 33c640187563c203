// Public surface of the wallet feature (owned by the wallet work). Placeholder until built.
import type { ComponentType } from 'react';

/** Balance and exposure in the header, polled while logged in. */
export const BalanceDisplay: ComponentType = () => null;
/** User-menu entries the wallet adds: bonus wallet choice and "Set button values". */
export const WalletMenuItems: ComponentType = () => null;
/** Modals of the wallet (set button values), mounted once by each layout. */
export const WalletModals: ComponentType = () => null;
export const AccountStatementPage: ComponentType = () => null;
export const BonusHistoryPage: ComponentType = () => null;
export const UserBonusPage: ComponentType = () => null;
