/** The casino module's public face: lobby, launch and the seamless wallet (docs/casino.md). */
export { type CasinoModule, type CasinoModuleDeps, createCasinoModule } from './casino.module';
export { type CasinoService, OWN_PROVIDER_CODE } from './casino.service';
export { findGameOwner, findProviderByCode } from './casino.repository';
export { type CasinoAdmin, createCasinoAdmin } from './casino-admin.service';
export {
  type WalletAnswer,
  type WalletOperation,
  WALLET_OPERATIONS,
  WALLET_SIGNATURE_HEADER,
  WALLET_STATUSES,
  walletAnswerSchema,
  walletPath,
  walletRequestSchemas,
} from './wallet-api.schema';
export { casinoCommands } from './casino.cli';
/** The operator console's reads of rounds (docs/console.md). */
export { dailyCasinoPlay, pagePlayerRounds } from './operator-reads.repository';
