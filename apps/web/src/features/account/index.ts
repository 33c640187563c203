// Public surface of the account feature (owned by the accounts work). Placeholder until built.
import type { ComponentType, ReactNode } from 'react';

/**
 * The header's account corner: login / register / demo buttons for a guest; for a player the
 * user menu. `balance` and `menuExtras` are slots the layout fills from the wallet feature.
 */
export const AccountArea: ComponentType<{ balance?: ReactNode; menuExtras?: ReactNode }> = () => null;
/** Every account modal and alert, mounted once by each layout. */
export const AccountModals: ComponentType = () => null;
/** /report/activity-log */
export const ActivityLogPage: ComponentType = () => null;
/** Opens the login modal (e.g. a guest taps Sport Book). */
export function openLoginModal(): void {}
