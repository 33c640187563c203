import { bonusCommands } from '../modules/money/bonus.cli';
import { casinoCommands } from '../modules/casino/casino.cli';
import { crashCommands } from '../modules/fair-games/crash.cli';
import { ledgerCommands } from '../modules/ledger/ledger.cli';
import { marketCommands } from '../modules/markets/markets.cli';
import { walletCommands } from '../modules/money/wallet.cli';
import { betCommands } from '../modules/bets/bets.cli';
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
  ...marketCommands,
  ...casinoCommands,
  ...crashCommands,
  ...betCommands,
];
