import type { FastifyInstance } from 'fastify';
import { type FirstStateSource, registerWebApp, type WebAppSettingsSource } from './web-app.routes';

/** The built site: index.html painted with the operator's branding, and the precompressed assets. */
export interface WebModule {
  registerRoutes(app: FastifyInstance): Promise<void>;
}

export interface WebModuleDeps {
  distDir: string;
  settings: WebAppSettingsSource;
  /** A sports page's first data, painted into its page (docs/shell.md "Speed"). */
  firstState?: FirstStateSource;
}

export function createWebModule({ distDir, settings, firstState }: WebModuleDeps): WebModule {
  return { registerRoutes: (app) => registerWebApp(app, distDir, settings, firstState) };
}
