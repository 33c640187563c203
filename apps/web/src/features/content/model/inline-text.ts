/** A run of text inside a block: plain, bold, or an internal link. */
export type InlinePart =
  { kind: 'text'; text: string } | { kind: 'strong'; text: string } | { kind: 'link'; text: string; to: string };

// **bold** or [label](/internal/path). Only site-relative paths become links, so content
// can never send a player to another site.
const INLINE_PATTERN = /\*\*(.+?)\*\*|\[([^\]]+)\]\((\/[^)\s]*)\)/g;

export function parseInlineText(source: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let last = 0;
  for (const match of source.matchAll(INLINE_PATTERN)) {
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: source.slice(last, start) });
    const [, strong, label, to] = match;
    if (strong !== undefined) parts.push({ kind: 'strong', text: strong });
    else if (label !== undefined && to !== undefined) parts.push({ kind: 'link', text: label, to });
    last = start + match[0].length;
  }
  if (last < source.length) parts.push({ kind: 'text', text: source.slice(last) });
  return parts;
}
