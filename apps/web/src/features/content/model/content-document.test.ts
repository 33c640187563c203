import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseContentDocument } from './content-document';
import { guideSlugs } from './content-registry';
import { parseInlineText } from './inline-text';

const CONTENT_DIR = path.resolve(import.meta.dirname, '../../../../public/assets/content');
const LANGUAGES = ['en', 'hi', 'bn'];
const INFO_SLUGS = [
  'provably-fair',
  'responsible-gambling',
  'self-exclusion',
  'privacy',
  'anti-money-laundering',
  'terms',
  'affiliate',
];
const ALL_SLUGS = [...INFO_SLUGS, ...guideSlugs];

function readDocument(language: string, slug: string): unknown {
  return JSON.parse(readFileSync(path.join(CONTENT_DIR, language, `${slug}.json`), 'utf8'));
}

describe('inline text', () => {
  it('splits bold runs and internal links out of plain text', () => {
    expect(parseInlineText('Stake **₹100** at [odds](/blog/odds-and-possible-win) now')).toEqual([
      { kind: 'text', text: 'Stake ' },
      { kind: 'strong', text: '₹100' },
      { kind: 'text', text: ' at ' },
      { kind: 'link', text: 'odds', to: '/blog/odds-and-possible-win' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves external links and markup as plain text', () => {
    expect(parseInlineText('[x](https://evil.example) <b>hi</b>')).toEqual([
      { kind: 'text', text: '[x](https://evil.example) <b>hi</b>' },
    ]);
  });
});

describe('content documents', () => {
  it('refuses a table row with the wrong number of cells and unknown block types', () => {
    const base = { title: 'T', intro: 'I', updated: '2026-11-21' };
    expect(() =>
      parseContentDocument({ ...base, blocks: [{ type: 'table', caption: 'c', columns: ['a', 'b'], rows: [['1']] }] }),
    ).toThrow();
    expect(() => parseContentDocument({ ...base, blocks: [{ type: 'script', text: 'x' }] })).toThrow();
    expect(() => parseContentDocument({ ...base, blocks: [] })).toThrow();
  });

  it('ships every page in every language, valid, with the same widgets and block outline', () => {
    for (const slug of ALL_SLUGS) {
      const outlines = LANGUAGES.map((language) => {
        const document = parseContentDocument(readDocument(language, slug));
        return document.blocks.map((block) => (block.type === 'widget' ? block.name : block.type));
      });
      expect(outlines[1], `${slug} hi`).toEqual(outlines[0]);
      expect(outlines[2], `${slug} bn`).toEqual(outlines[0]);
    }
  });

  it('holds real translations: Devanagari in Hindi and Bengali script in Bengali', () => {
    for (const slug of ALL_SLUGS) {
      const hindi = JSON.stringify(readDocument('hi', slug));
      const bengali = JSON.stringify(readDocument('bn', slug));
      expect((hindi.match(/[\u0900-\u097F]/g) ?? []).length, `${slug} hi`).toBeGreaterThan(300);
      expect((bengali.match(/[\u0980-\u09FF]/g) ?? []).length, `${slug} bn`).toBeGreaterThan(300);
    }
  });

  it('links only to pages that exist', () => {
    const known = new Set([
      '/provably-fair',
      '/responsible-gambling',
      '/affiliate',
      '/home',
      ...['self-exclusion', 'privacy', 'anti-money-laundering', 'terms'].map((slug) => `/policies/${slug}`),
      ...guideSlugs.map((slug) => `/blog/${slug}`),
    ]);
    for (const language of LANGUAGES) {
      for (const file of readdirSync(path.join(CONTENT_DIR, language))) {
        const links = [...readFileSync(path.join(CONTENT_DIR, language, file), 'utf8').matchAll(/\]\((\/[^)#]*)/g)];
        for (const [, to] of links) expect(known.has(to ?? ''), `${language}/${file} → ${to}`).toBe(true);
      }
    }
  });
});
