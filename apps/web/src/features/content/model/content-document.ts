import { z } from 'zod';

/**
 * Embedded interactive parts a document may place among its blocks (a closed list). `rg-controls`
 * is filled by the app (the responsible-play feature's controls, or a login prompt for guests).
 */
export const contentWidgets = ['fair-verifier', 'referral-link', 'rg-controls'] as const;
export type ContentWidget = (typeof contentWidgets)[number];

const text = z.string().min(1);

/**
 * One block of a page. Text fields may hold `**bold**` and internal links `[label](/path)`
 * (see inline-text.ts); nothing else is interpreted, so a content file can never inject HTML.
 */
export const contentBlockSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('heading'),
    text,
    id: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .optional(),
  }),
  z.strictObject({ type: z.literal('subheading'), text }),
  z.strictObject({ type: z.literal('paragraph'), text }),
  z.strictObject({ type: z.literal('list'), ordered: z.boolean().optional(), items: z.array(text).min(1) }),
  z.strictObject({
    type: z.literal('callout'),
    tone: z.enum(['info', 'example', 'warning']),
    title: text.optional(),
    text: text.optional(),
    items: z.array(text).min(1).optional(),
  }),
  z.strictObject({
    type: z.literal('table'),
    caption: text,
    columns: z.array(text).min(2),
    rows: z.array(z.array(z.string())).min(1),
  }),
  z.strictObject({ type: z.literal('widget'), name: z.enum(contentWidgets) }),
]);

export type ContentBlock = z.infer<typeof contentBlockSchema>;

/** A page's text in one language: public/assets/content/{lang}/{slug}.json. */
export const contentDocumentSchema = z
  .strictObject({
    title: text,
    intro: text,
    updated: z.iso.date(),
    blocks: z.array(contentBlockSchema).min(1),
  })
  .superRefine((document, context) => {
    document.blocks.forEach((block, index) => {
      if (block.type === 'table' && block.rows.some((row) => row.length !== block.columns.length)) {
        context.addIssue({ code: 'custom', path: ['blocks', index], message: 'every table row needs one cell per column' });
      }
      if (block.type === 'callout' && !block.text && !block.items) {
        context.addIssue({ code: 'custom', path: ['blocks', index], message: 'a callout needs text or items' });
      }
    });
  });

export type ContentDocument = z.infer<typeof contentDocumentSchema>;

export function parseContentDocument(value: unknown): ContentDocument {
  return contentDocumentSchema.parse(value);
}
