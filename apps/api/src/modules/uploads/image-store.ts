import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STORED_IMAGE_NAME } from '@app/shared';
import { AppError } from '../../lib/app-error';
import { randomHex } from '../../lib/ids';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon',
  avif: 'image/avif',
};

/** Leading bytes of each accepted format: an upload must really be the image its name says. */
export function detectImageExtension(head: Buffer): string | null {
  const hex = head.subarray(0, 12).toString('hex');
  if (hex.startsWith('89504e470d0a1a0a')) return 'png';
  if (hex.startsWith('ffd8ff')) return 'jpg';
  if (hex.startsWith('47494638')) return 'gif';
  if (hex.startsWith('00000100')) return 'ico';
  if (hex.startsWith('52494646') && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (head.subarray(4, 12).toString('latin1') === 'ftypavif') return 'avif';
  return null;
}

export interface ImageStore {
  /** Copies an image into the store under a new random name and returns that name. */
  storeImage(sourcePath: string): Promise<string>;
  /** The same for bytes sent to the console (admin/uploadImage). */
  storeImageBytes(bytes: Uint8Array): Promise<string>;
  /** An open stream and its type, or null when no such stored image exists. */
  openImage(name: string): Promise<{ stream: NodeJS.ReadableStream; contentType: string; size: number } | null>;
}

export function createImageStore(uploadDir: string): ImageStore {
  return {
    async storeImage(sourcePath) {
      const info = await stat(sourcePath).catch(() => null);
      if (!info?.isFile()) throw new AppError('NOT_FOUND', `No file at ${sourcePath}`);
      if (info.size > MAX_IMAGE_BYTES) throw new AppError('BAD_REQUEST', 'The image is larger than 2 MiB');
      const handle = await open(sourcePath, 'r');
      const head = Buffer.alloc(12);
      await handle.read(head, 0, 12, 0).finally(() => handle.close());
      const extension = detectImageExtension(head);
      if (!extension) throw new AppError('BAD_REQUEST', 'Not a PNG, JPEG, WebP, GIF, ICO or AVIF image');
      await mkdir(uploadDir, { recursive: true });
      const name = `${randomHex(16)}.${extension}`;
      await copyFile(sourcePath, path.join(uploadDir, name));
      return name;
    },

    async storeImageBytes(bytes) {
      if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('BAD_REQUEST', 'The image is larger than 2 MiB');
      const extension = detectImageExtension(Buffer.from(bytes.subarray(0, 12)));
      if (!extension) throw new AppError('BAD_REQUEST', 'Not a PNG, JPEG, WebP, GIF, ICO or AVIF image');
      await mkdir(uploadDir, { recursive: true });
      const name = `${randomHex(16)}.${extension}`;
      await writeFile(path.join(uploadDir, name), bytes);
      return name;
    },

    async openImage(name) {
      // Only names the store itself gives out are served: no traversal, no other files.
      if (!STORED_IMAGE_NAME.test(name)) return null;
      const filePath = path.join(uploadDir, name);
      const info = await stat(filePath).catch(() => null);
      if (!info?.isFile()) return null;
      const extension = name.slice(name.lastIndexOf('.') + 1);
      return {
        stream: createReadStream(filePath),
        contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
        size: info.size,
      };
    },
  };
}
