/** The bonus module's public face (docs/wallet.md, "Bonus wallets"). */
export { createBonusModule, type BonusModule } from './bonus.module';
export type { BonusRelease, BonusService, GrantInput, TurnoverInput } from './bonus.service';
export { bonusCommands } from './bonus.cli';
