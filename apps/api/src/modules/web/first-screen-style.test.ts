import { describe, expect, it } from 'vitest';
import { classesIn, createFirstScreenStyle, indexStyleSheet, requiredClasses, styleFor } from './first-screen-style';

/** A stylesheet as the build writes it (minified by Lightning CSS), with the cases a page can meet. */
const CSS = [
  ':root{--accent:#f5b400}',
  '*,:before,:after{box-sizing:border-box}',
  'button{font:inherit}',
  '@font-face{font-family:Noto Sans Bengali;src:url(/assets/bengali-Ab12.woff2)format("woff2")}',
  '.price{display:grid;animation:.7s ease-out price-flash}',
  '.price--back{background:#72bbef}',
  '.casino-tile{aspect-ratio:1}',
  '.match-row .price{min-height:44px}',
  '.betslip .price{min-height:52px}',
  '.price:not(.price--lay){color:#111}',
  '.sports-chip[aria-pressed=true],.console-chip{background:var(--accent)}',
  '.tile[data-label="a.b{c}"]{content:"}"}',
  ':is(.ui-field__trailing~.ui-input,.x:has(.y) .z){padding-right:3rem}',
  '/* a comment { with a brace */',
  '@media (width<=420px){.match-row{gap:.3rem}.casino-tile{gap:0}}',
  '@media (width>=1024px){.casino-grid{display:grid}}',
  '@keyframes price-flash{0%{background:#ffe066}}',
  '@keyframes casino-spin{to{transform:rotate(1turn)}}',
  '@layer base{.unused{color:red}}',
].join('');

const index = indexStyleSheet('/assets/style-Ab12.css', CSS);

describe("a painted page's own style", () => {
  it('requires of a selector only the classes outside :not(), :is(), :has() and attribute selectors', () => {
    expect(requiredClasses('.match-row .price')).toEqual(['match-row', 'price']);
    expect(requiredClasses('.price:not(.price--lay)')).toEqual(['price']);
    expect(requiredClasses('.sports-chip[aria-pressed=true]')).toEqual(['sports-chip']);
    expect(requiredClasses(':is(.a,.b) .c')).toEqual(['c']);
    expect(requiredClasses('button')).toEqual([]);
    // An escaped name is never left out.
    expect(requiredClasses('.w-1\\/2')).toEqual([]);
  });

  it("keeps, in the stylesheet's order, every rule that can match the page's elements and only those", () => {
    const style = styleFor(index, new Set(['match-row', 'price', 'price--back', 'sports-chip']));
    expect(style).toBe(
      [
        ':root{--accent:#f5b400}',
        '*,:before,:after{box-sizing:border-box}',
        'button{font:inherit}',
        '@font-face{font-family:Noto Sans Bengali;src:url(/assets/bengali-Ab12.woff2)format("woff2")}',
        '.price{display:grid;animation:.7s ease-out price-flash}',
        '.price--back{background:#72bbef}',
        '.match-row .price{min-height:44px}',
        '.price:not(.price--lay){color:#111}',
        '.sports-chip[aria-pressed=true],.console-chip{background:var(--accent)}',
        ':is(.ui-field__trailing~.ui-input,.x:has(.y) .z){padding-right:3rem}',
        '@media (width<=420px){.match-row{gap:.3rem}}',
        '@keyframes price-flash{0%{background:#ffe066}}',
        '@layer base;',
      ].join(''),
    );
  });

  it('reads the classes of every element of the page', () => {
    expect([...classesIn(`<div class="a  b"><span class='c'></span><p data-class="d" class="">x</p></div>`)]).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('puts the style in place of the stylesheet link, and the link at the end of the body, where it no longer holds up the first paint', () => {
    const withStyle = createFirstScreenStyle(index);
    const page =
      '<html><head><style id="brand-colors">:root{}</style>\n    <link rel="stylesheet" crossorigin href="/assets/style-Ab12.css">\n  </head>' +
      '<body><div class="shell"><ul class="match-row"><li class="price price--back">1.5</li></ul></div></body></html>';
    const html = withStyle(page);
    const style = /<style id="first-screen-style">([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(style).toContain('.match-row .price{min-height:44px}');
    expect(style).not.toContain('casino');
    expect(html.indexOf('brand-colors')).toBeLessThan(html.indexOf('first-screen-style'));
    expect(html).toMatch(/<\/div><link rel="stylesheet" crossorigin href="\/assets\/style-Ab12\.css" data-app-style><\/body>/);
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
    // The same classes again: the same style, from the cache.
    expect(withStyle(page)).toBe(html);
  });

  it('leaves a page without the link as it is, and keeps the link where a style could not be inlined', () => {
    const withStyle = createFirstScreenStyle(index);
    const other = '<html><head></head><body><p class="price">1</p></body></html>';
    expect(withStyle(other)).toBe(other);
    const closing = createFirstScreenStyle(indexStyleSheet('/s.css', '.price{content:"</style>"}'));
    const page = '<html><head><link rel="stylesheet" href="/s.css"></head><body><p class="price">1</p></body></html>';
    expect(closing(page)).toBe(page);
  });
});
