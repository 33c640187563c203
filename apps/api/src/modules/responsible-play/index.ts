/** Responsible play's public face (docs/responsible-play.md). */
export { createRgModule, type RgModule } from './rg.module';
export type { DepositHistory, RgGuard } from './rg.guard';
export type { RgActor, RgService } from './rg.service';
export { rgCommands } from './rg.cli';
