import { bonusCommands } from '../modules/bonus/bonus.cli';
import { ledgerCommands } from '../modules/ledger/ledger.cli';
import { walletCommands } from '../modules/wallet/wallet.cli';
import { settingsCommands } from '../modules/settings/settings.cli';
import { sportsCommands } from '../modules/sports/sports.cli';
import { uploadCommands } from '../modules/uploads/uploads.cli';
import { userCommands } from '../modules/users/users.cli';
import type { AdminCommand } from './command';

/** Every operator command; each module owns its own. */
export const adminCommands: AdminCommand[] = [
  ...settingsCommands,
  ...sportsCommands,
  ...uploadCommands,
  ...userCommands,
  ...walletCommands,
  ...bonusCommands,
  ...ledgerCommands,
];
