/**
 * The nesting every JSON body may have (docs/refusals.md, "Bodies"). Our deepest contract body is
 * a list of objects (3 levels); 64 leaves room for any honest client and keeps every recursive
 * walk after the parse (the unstorable-text check, zod, secure-json-parse) far from the stack's end.
 */
export const MAX_JSON_DEPTH = 64;

/** The refusal's text, the same for every endpoint and the provider wallet. */
export const JSON_TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of [ and {)`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text opens more than `limit` arrays or objects inside one another, counting
 * brackets outside strings only. One pass over the text with no recursion and no allocation,
 * stopping at the first bracket past the limit: run it on the raw text before JSON.parse, so
 * nothing recursive ever sees a deep body. Text that is not JSON gives some answer and is then
 * refused by the parser; brackets in strings (escaped quotes included) never count.
 */
export function isJsonTooDeep(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return false;
}
