/** The stake buttons module's public face. */
export { createButtonsModule, type ButtonsModule } from './buttons.module';
export type { ButtonsService } from './buttons.service';
