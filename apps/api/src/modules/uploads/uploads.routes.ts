import { UPLOAD_IMAGE_PATH } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ImageStore } from './image-store';

/** `GET /api/upload/image/{file}`: the operator's logo, favicon and welcome banner. */
export function registerUploadRoutes(app: FastifyInstance, images: ImageStore): void {
  app.get<{ Params: { file: string } }>(`/api/${UPLOAD_IMAGE_PATH}/:file`, async (request, reply) => {
    const image = await images.openImage(request.params.file);
    if (!image) throw new AppError('NOT_FOUND', 'No such image');
    // Stored names are random and never reused, so the bytes behind a name never change.
    return reply
      .header('content-type', image.contentType)
      .header('content-length', image.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(image.stream);
  });
}
