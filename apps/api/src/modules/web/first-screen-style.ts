import { keepBounded } from '../../lib/bounded-map';

/**
 * The site's stylesheet cut down to what one painted page's elements can use (docs/shell.md
 * "Speed"): a sports page's first screen is painted by the server, and with the stylesheet
 * (≈17 KB compressed, one more round trip) in its head it could not paint before that file was in
 * — about a second on slow 4G, sharing the line with the scripts. Instead the page carries, inline,
 * the stylesheet's rules that can match its own elements, in the stylesheet's order, and the
 * stylesheet itself follows at the end of the body (as on /home); the app renders once it is in.
 *
 * A rule is left out only when it cannot match the page: one of the classes every element it
 * selects must carry (outside `:not()`, `:is()`, `:has()`… and attribute selectors) is on no
 * element of the page. So the page looks the same with the cut-down rules as with the whole file,
 * and nothing moves when the whole file applies.
 */

/** One top-level (or grouped) piece of the stylesheet. */
type StyleNode =
  /** A style rule: its text, and for each selector of its list the classes that selector requires. */
  | { kind: 'rule'; text: string; selectors: string[][] }
  /** @media, @supports, @container, @layer, @scope, @starting-style: kept when anything inside is. */
  | { kind: 'group'; prelude: string; children: StyleNode[] }
  /** @keyframes: kept when a kept rule names it. */
  | { kind: 'keyframes'; name: string; text: string }
  /** @font-face, @property, @charset, @layer statements…: always kept. */
  | { kind: 'always'; text: string };

const GROUP_AT_RULES = new Set(['media', 'supports', 'container', 'layer', 'scope', 'starting-style', 'document']);

/**
 * The index of a stylesheet: parsed once when the server starts, then cut down per page.
 * `href` is where the page links it.
 */
export interface StyleSheetIndex {
  href: string;
  nodes: StyleNode[];
}

/** Skips a string, a comment or an unquoted `url(…)` starting at `index`; returns where it ends, or `index` when none starts there. */
function skipOpaque(css: string, index: number): number {
  const char = css[index];
  if (char === '"' || char === "'") {
    let at = index + 1;
    while (at < css.length && css[at] !== char) at += css[at] === '\\' ? 2 : 1;
    return at + 1;
  }
  if (char === '/' && css[index + 1] === '*') {
    const end = css.indexOf('*/', index + 2);
    return end === -1 ? css.length : end + 2;
  }
  if (/^url\(\s*[^"'\s]/i.test(css.slice(index, index + 6))) {
    const end = css.indexOf(')', index);
    return end === -1 ? css.length : end + 1;
  }
  return index;
}

/** The index just after the `}` that closes the block opened at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  let at = open;
  while (at < css.length) {
    const skipped = skipOpaque(css, at);
    if (skipped !== at) {
      at = skipped;
      continue;
    }
    if (css[at] === '{') depth += 1;
    else if (css[at] === '}') {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
    at += 1;
  }
  return css.length;
}

/** Splits at top-level commas (not inside brackets, parentheses or strings). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < text.length; at += 1) {
    const skipped = skipOpaque(text, at);
    if (skipped !== at) {
      at = skipped - 1;
      continue;
    }
    const char = text[at];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, at));
      start = at + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** What a selector says without the parts that do not require a class: brackets, parentheses and strings. */
function withoutOptionalParts(selector: string): string {
  let out = '';
  let depth = 0;
  for (let at = 0; at < selector.length; at += 1) {
    const skipped = skipOpaque(selector, at);
    if (skipped !== at) {
      at = skipped - 1;
      continue;
    }
    const char = selector[at];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += char;
  }
  return out;
}

/**
 * The classes an element must carry for the selector to match something (its own and its
 * ancestors'/siblings'). A selector with an escape in it requires none: it is always kept.
 */
export function requiredClasses(selector: string): string[] {
  const plain = withoutOptionalParts(selector);
  if (plain.includes('\\')) return [];
  return [...plain.matchAll(/\.(-?[_a-zA-Z\u00a0-\uffff][\w\u00a0-\uffff-]*)/g)].map((match) => match[1] as string);
}

function parseNodes(css: string): StyleNode[] {
  const nodes: StyleNode[] = [];
  let at = 0;
  while (at < css.length) {
    // The prelude: up to a `{` or `;` outside strings and comments.
    let end = at;
    while (end < css.length && css[end] !== '{' && css[end] !== ';' && css[end] !== '}') {
      const skipped = skipOpaque(css, end);
      end = skipped !== end ? skipped : end + 1;
    }
    const prelude = css
      .slice(at, end)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim();
    if (end >= css.length || css[end] === '}') {
      // Trailing text or a stray brace: nothing to keep.
      at = end + 1;
      continue;
    }
    if (css[end] === ';') {
      if (prelude) nodes.push({ kind: 'always', text: `${prelude};` });
      at = end + 1;
      continue;
    }
    const close = blockEnd(css, end);
    const body = css.slice(end + 1, close - 1);
    const text = `${prelude}{${body}}`;
    at = close;
    if (!prelude) continue;
    if (prelude.startsWith('@')) {
      const name = (/^@([\w-]+)/.exec(prelude)?.[1] ?? '').toLowerCase();
      if (GROUP_AT_RULES.has(name)) nodes.push({ kind: 'group', prelude, children: parseNodes(body) });
      else if (name.endsWith('keyframes'))
        nodes.push({
          kind: 'keyframes',
          name: prelude
            .slice(name.length + 1)
            .trim()
            .replace(/^["']|["']$/g, ''),
          text,
        });
      else nodes.push({ kind: 'always', text });
      continue;
    }
    nodes.push({ kind: 'rule', text, selectors: splitTopLevel(prelude).map(requiredClasses) });
  }
  return nodes;
}

export function indexStyleSheet(href: string, css: string): StyleSheetIndex {
  return { href, nodes: parseNodes(css) };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The stylesheet's rules that can match an element carrying only classes of `present`, in the stylesheet's order. */
export function styleFor(index: StyleSheetIndex, present: ReadonlySet<string>): string {
  const canMatch = (selectors: string[][]) => selectors.some((classes) => classes.every((name) => present.has(name)));
  // Keyframes are kept when a kept rule names them: the rules are cut first, then again with them.
  const cut = (nodes: StyleNode[], isNamed: (name: string) => boolean): string => {
    let text = '';
    for (const node of nodes) {
      if (node.kind === 'rule') {
        if (canMatch(node.selectors)) text += node.text;
      } else if (node.kind === 'always') text += node.text;
      else if (node.kind === 'keyframes') {
        if (isNamed(node.name)) text += node.text;
      } else {
        const inner = cut(node.children, isNamed);
        if (inner) text += `${node.prelude}{${inner}}`;
        // A layer's place in the order is where it is first named, kept even when empty.
        else if (/^@layer\b/i.test(node.prelude)) text += `${node.prelude};`;
      }
    }
    return text;
  };
  const rules = cut(index.nodes, () => false);
  return cut(index.nodes, (name) => new RegExp(`(^|[^\\w-])${escapeRegExp(name)}([^\\w-]|$)`).test(rules));
}

/** Every class named in the page's `class` attributes. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)')/g)) {
    for (const name of (match[1] ?? match[2] ?? '').split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Distinct sets of classes whose cut-down style is kept (a list page, a match page and their variants). */
const STYLE_CACHE_SIZE = 32;

/**
 * Puts in place of the page's `<link rel="stylesheet">` the rules its elements can use, as an
 * inline `<style>` (its hash goes into the page's CSP: web-shell.ts `inlineStyleHashes`), and
 * moves the link to the end of the body, where it no longer holds up the first paint. A page
 * without that link is returned as it is.
 */
export function createFirstScreenStyle(index: StyleSheetIndex): (html: string) => string {
  const cache = new Map<string, string>();
  const link = new RegExp(`<link rel="stylesheet"( crossorigin)? href="${escapeRegExp(index.href)}">\\s*`);
  return (html) => {
    const tag = link.exec(html);
    if (!tag) return html;
    const classes = classesIn(html);
    const key = [...classes].sort().join(' ');
    let style = cache.get(key);
    if (style === undefined) {
      style = styleFor(index, classes);
      // An inline <style> ends at the first `</style`: the build's CSS has none, but should one
      // appear the page keeps its stylesheet in the head.
      if (/<\/style/i.test(style)) style = '';
      keepBounded(cache, key, style, STYLE_CACHE_SIZE);
    }
    if (!style) return html;
    const moved = `<link rel="stylesheet"${tag[1] ?? ''} href="${index.href}" data-app-style>`;
    return html
      .replace(link, () => `<style id="first-screen-style">${style}</style>\n    `)
      .replace('</body>', () => `${moved}</body>`);
  };
}
