import type { FastifyInstance } from 'fastify';
import { createImageStore, type ImageStore } from './image-store';
import { registerUploadRoutes } from './uploads.routes';

/** The operator's images (logo, favicon, welcome banner): stored under random names, served by exact name. */
export interface UploadsModule {
  images: ImageStore;
  registerRoutes(app: FastifyInstance): void;
}

export function createUploadsModule({ uploadDir }: { uploadDir: string }): UploadsModule {
  const images = createImageStore(uploadDir);
  return { images, registerRoutes: (app) => registerUploadRoutes(app, images) };
}
