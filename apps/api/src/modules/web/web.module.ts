import type { FastifyInstance } from 'fastify';
import { registerWebApp, type WebAppSettingsSource } from './web-app.routes';

/** The built site: index.html painted with the operator's branding, and the precompressed assets. */
export interface WebModule {
  registerRoutes(app: FastifyInstance): Promise<void>;
}

export function createWebModule({ distDir, settings }: { distDir: string; settings: WebAppSettingsSource }): WebModule {
  return { registerRoutes: (app) => registerWebApp(app, distDir, settings) };
}
