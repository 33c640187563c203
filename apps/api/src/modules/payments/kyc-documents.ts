import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/app-error';
import { randomHex } from '../../lib/ids';
import { detectImageExtension } from '../uploads';

/** The identity documents accepted, by their first bytes (never by the name or type the browser sent). */
const DOCUMENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export interface StoredDocument {
  /** A random name in the private folder: nothing the player sent is part of it. */
  name: string;
  contentType: string;
}

/**
 * Identity documents (docs/payments.md, "Identity"): stored under a random name in
 * KYC_DOCUMENT_DIR, a folder no route serves, readable by the server's user only. An operator
 * opens them from the path `kyc list` prints.
 */
export interface KycDocumentStore {
  /** Checks the bytes are a JPEG, PNG or WebP image (else 400) and stores them. */
  store(bytes: Uint8Array): Promise<StoredDocument>;
  remove(name: string): Promise<void>;
  pathOf(name: string): string;
}

export function createKycDocumentStore(directory: string): KycDocumentStore {
  return {
    async store(bytes) {
      const extension = detectImageExtension(Buffer.from(bytes.subarray(0, 12)));
      const contentType = extension ? DOCUMENT_TYPES[extension] : undefined;
      if (!extension || !contentType) throw new AppError('BAD_REQUEST', 'document must be a JPEG, PNG or WebP image');
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const name = `${randomHex(16)}.${extension}`;
      // 'wx': a name is never reused, never overwritten.
      await writeFile(path.join(directory, name), bytes, { mode: 0o600, flag: 'wx' });
      return { name, contentType };
    },
    async remove(name) {
      await rm(path.join(directory, path.basename(name)), { force: true });
    },
    pathOf: (name) => path.join(directory, path.basename(name)),
  };
}
