import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { randomHex } from '../../lib/ids';
import { findKycDocument, insertKycDocument } from './payments.repository';

/** The identity documents accepted: images, by their decoded content (docs/payments.md, "Identity"). */
const DOCUMENT_TYPES = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  webp: { extension: 'webp', contentType: 'image/webp' },
} as const;
/** A photo of a card or a page that a person can read: no smaller than this on either side … */
export const MIN_DOCUMENT_SIDE_PX = 200;
/** … and no larger (a phone camera's 50 MP is far below the pixel cap). */
export const MAX_DOCUMENT_SIDE_PX = 12_000;
const MAX_DOCUMENT_PIXELS = 60_000_000;

export interface CheckedDocument {
  /** A random name (nothing the player sent is part of it), with the type's extension. */
  name: string;
  contentType: string;
}

/**
 * Identity documents (docs/payments.md, "Identity"): checked by content, stored in the database
 * with their submission (`kyc_documents`), so every instance reads them. Submissions from before
 * that keep their file in KYC_DOCUMENT_DIR, read from there.
 */
export interface KycDocumentStore {
  /**
   * Decodes the bytes whole: a JPEG, PNG or WebP image, not cut short or corrupt, of sane
   * dimensions; else 400 with the reason. A header alone passes nothing.
   */
  check(bytes: Uint8Array): Promise<CheckedDocument>;
  /** Keeps a submission's document, in the transaction that writes the submission. */
  store(executor: Db, submissionId: number, document: CheckedDocument, bytes: Uint8Array, now: number): Promise<void>;
  /** The document of a submission, or undefined when it is missing. */
  read(submission: {
    id: number;
    document_name: string;
    document_type: string;
  }): Promise<{ contentType: string; bytes: Buffer } | undefined>;
}

const refused = (why: string) => new AppError('BAD_REQUEST', `document must be a readable JPEG, PNG or WebP photo: ${why}`);

export function createKycDocumentStore(db: Db, legacyDirectory: string): KycDocumentStore {
  return {
    async check(bytes) {
      let format: string | undefined;
      try {
        const image = sharp(bytes, { limitInputPixels: MAX_DOCUMENT_PIXELS, failOn: 'warning' });
        const meta = await image.metadata();
        format = meta.format;
        if (!format || !(format in DOCUMENT_TYPES)) throw refused('not a JPEG, PNG or WebP image');
        const { width = 0, height = 0 } = meta;
        if (Math.min(width, height) < MIN_DOCUMENT_SIDE_PX || Math.max(width, height) > MAX_DOCUMENT_SIDE_PX) {
          throw refused(`${width}×${height} pixels; each side must be ${MIN_DOCUMENT_SIDE_PX} to ${MAX_DOCUMENT_SIDE_PX}`);
        }
        // Every pixel decoded: a file cut short or corrupt after a good header fails here.
        await image.stats();
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw refused('it does not decode as an image');
      }
      const type = DOCUMENT_TYPES[format as keyof typeof DOCUMENT_TYPES];
      return { name: `${randomHex(16)}.${type.extension}`, contentType: type.contentType };
    },

    async store(executor, submissionId, document, bytes, now) {
      await insertKycDocument(executor, {
        submission_id: submissionId,
        content_type: document.contentType,
        bytes: Buffer.from(bytes),
        created_at: now,
      });
    },

    async read(submission) {
      const stored = await findKycDocument(db, submission.id);
      if (stored) return { contentType: stored.content_type, bytes: Buffer.from(stored.bytes) };
      const bytes = await readFile(path.join(legacyDirectory, path.basename(submission.document_name))).catch(() => undefined);
      return bytes ? { contentType: submission.document_type, bytes } : undefined;
    },
  };
}
