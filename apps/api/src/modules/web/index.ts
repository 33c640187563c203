/** The web app module's public face. */
export { createWebModule, type WebModule } from './web.module';
