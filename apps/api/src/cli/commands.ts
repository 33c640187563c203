import { betCommands } from '../modules/bets';
import { bonusCommands } from '../modules/bonus';
import { casinoCommands } from '../modules/casino';
import { roundChainCommands } from '../modules/fair-games';
import { marketCommands } from '../modules/markets';
import { ledgerCommands, walletCommands } from '../modules/money';
import { rgCommands } from '../modules/responsible-play';
import { operatorCommands } from '../modules/operators';
import { paymentCommands } from '../modules/payments';
import { settingsCommands } from '../modules/settings';
import { sportsCommands } from '../modules/sports';
import { uploadCommands } from '../modules/uploads';
import { userCommands } from '../modules/users';
import type { AdminCommand } from '../plugins/admin-command';
import { dbCommands } from './db.cli';
import { depositCommands } from './deposits.cli';
import { withdrawalCommands } from './withdrawals.cli';

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
  ...roundChainCommands,
  ...betCommands,
  ...rgCommands,
  ...dbCommands,
  ...paymentCommands,
  ...withdrawalCommands,
  ...depositCommands,
  ...operatorCommands,
];
