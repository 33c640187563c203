import fc from 'fast-check';
import { z } from 'zod';

/**
 * Request bodies for the contract fuzz suite, generated from each endpoint's zod schema (through
 * its JSON Schema): a body close to what the schema accepts, then 0–3 ways of breaking it (wrong
 * types, sizes, hostile unicode incl. NUL and bidi controls, prototype keys, numbers like 1e400
 * and -0, unknown or missing fields). Bodies are JSON text, so numbers JSON.stringify cannot
 * write (1e400, -0) reach the server as a client could send them.
 */

/** A JSON token written as is (a number JSON.stringify would change). */
export class RawToken {
  constructor(readonly text: string) {}
}

export type FuzzValue = null | boolean | number | string | RawToken | FuzzValue[] | { [key: string]: FuzzValue };

export function toJsonText(value: FuzzValue): string {
  if (value instanceof RawToken) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

interface JsonSchema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/** Characters that break naive code: NUL and controls, bidi overrides, invisible ones, lone surrogates, quotes. */
export const HOSTILE_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u202E',
  '\u202D',
  '\u2066',
  '\u2069',
  '\u200B',
  '\u200D',
  '\uFEFF',
  '\uD800',
  '\uDFFF',
  '\u2028',
  '😀',
  '\u0301',
  'ـ',
  '"',
  '\\',
  "'",
  '%00',
  '<script>',
  '\r\n',
];

const hostileText = fc
  .tuple(fc.string({ maxLength: 12 }), fc.array(fc.constantFrom(...HOSTILE_CHARACTERS), { minLength: 1, maxLength: 4 }))
  .map(([text, extras]) => extras.reduce((acc, extra, i) => acc.slice(0, i) + extra + acc.slice(i), text));

/** Numbers a JSON client can send that are no ordinary JavaScript number, or sit on edges. */
const oddNumbers: fc.Arbitrary<FuzzValue> = fc.constantFrom<FuzzValue>(
  new RawToken('1e400'),
  new RawToken('-1e400'),
  new RawToken('-0'),
  new RawToken('1E+2'),
  new RawToken('0.0000001'),
  new RawToken('123456789012345678901234567890'),
  new RawToken('9007199254740993'),
  -1,
  0,
  0.5,
  1.005,
  Number.MAX_SAFE_INTEGER,
);

const anyJson: fc.Arbitrary<FuzzValue> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  oddNumbers,
  fc.integer(),
  fc.string({ maxLength: 8 }),
  hostileText,
  fc.constant([] as FuzzValue[]),
  fc.constant({} as FuzzValue),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

/** A regex fast-check can generate from: lookaheads are left out, then the full pattern filters. */
function stringMatching(pattern: string): fc.Arbitrary<string> {
  const full = new RegExp(pattern);
  try {
    return fc.stringMatching(full);
  } catch {
    const simpler = new RegExp(pattern.replace(/\(\?=[^)]*\)/g, ''));
    return fc.stringMatching(simpler).filter((value) => full.test(value));
  }
}

/** Values the schema (mostly) accepts. Refinements are not in the JSON Schema: some fail them. */
export function validish(schema: JsonSchema): fc.Arbitrary<FuzzValue> {
  if (schema.const !== undefined) return fc.constant(schema.const as FuzzValue);
  if (schema.enum) return fc.constantFrom(...(schema.enum as FuzzValue[]));
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(validish));
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 254));
      if (schema.pattern) return stringMatching(schema.pattern);
      // Free text: any code point, and often the characters that break storage or display.
      const maxLength = Math.min(schema.maxLength ?? 40, 40);
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength, unit: 'binary' }),
        hostileText.filter((text) => text.length <= (schema.maxLength ?? Infinity)),
      );
    }
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1e6, -1e15), max: Math.min(schema.maximum ?? 1e6, 1e15) });
    case 'number':
      return fc.oneof(fc.integer({ min: -10, max: 1e6 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = schema.items ? validish(schema.items) : anyJson;
      return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(properties).map(([key, property]) => {
        const value = validish(property);
        return [key, required.has(key) ? value : fc.option(value, { nil: undefined })] as const;
      });
      return fc.record(Object.fromEntries(entries)).map((record) => {
        const body: Record<string, FuzzValue> = {};
        for (const [key, value] of Object.entries(record)) if (value !== undefined) body[key] = value as FuzzValue;
        return body;
      });
    }
    default:
      return anyJson;
  }
}

/** One way of breaking a body, with every random choice it needs drawn up front (so it shrinks). */
interface Mutation {
  kind: (typeof MUTATION_NAMES)[number];
  /** Which field (or list item) it hits. */
  pick: number;
  json: FuzzValue;
  hostile: string;
  odd: FuzzValue;
  size: number;
  protoKey: string;
  unknownKey: string;
}

export const MUTATION_NAMES = [
  'wrongType',
  'oversize',
  'hostileUnicode',
  'oddNumber',
  'prototypeKey',
  'unknownField',
  'dropField',
  'replaceBody',
] as const;

const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom(...MUTATION_NAMES),
  pick: fc.nat(),
  json: anyJson,
  hostile: hostileText,
  odd: oddNumbers,
  size: fc.integer({ min: 65, max: 5000 }),
  protoKey: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'),
  unknownKey: fc.constantFrom('balance', 'user_id ', 'is_admin', 'USER_NAME', '', 'amount'),
});

const nth = <T>(items: readonly T[], index: number): T | undefined => (items.length ? items[index % items.length] : undefined);

/** The object a mutation works on: the body, or one item of a list body. */
function targetObject(body: FuzzValue, index: number): Record<string, FuzzValue> | undefined {
  const target = Array.isArray(body) ? nth(body, index) : body;
  return target && typeof target === 'object' && !Array.isArray(target) && !(target instanceof RawToken) ? target : undefined;
}

function applyMutation(body: FuzzValue, mutation: Mutation): FuzzValue {
  // Values fast-check generated may be shared between bodies: never put one in twice.
  const m = { ...mutation, json: cloneValue(mutation.json), odd: cloneValue(mutation.odd) };
  if (m.kind === 'replaceBody') return m.json;
  const target = targetObject(body, m.pick);
  if (!target) return body;
  const keys = Object.keys(target);
  const key = nth(keys, m.pick);
  switch (m.kind) {
    case 'wrongType':
      if (key !== undefined) target[key] = m.json;
      break;
    case 'oversize':
      if (key !== undefined) target[key] = 'x'.repeat(m.size);
      break;
    case 'hostileUnicode': {
      const textKey = nth(
        keys.filter((name) => typeof target[name] === 'string'),
        m.pick,
      );
      const chosen = textKey ?? key;
      if (chosen !== undefined) target[chosen] = `${typeof target[chosen] === 'string' ? target[chosen] : ''}${m.hostile}`;
      break;
    }
    case 'oddNumber':
      if (key !== undefined) target[key] = m.odd;
      break;
    case 'prototypeKey':
      // defineProperty: an assignment to __proto__ would change the prototype instead of adding a key.
      Object.defineProperty(target, m.protoKey, {
        value: { isAdmin: true, prototype: { polluted: 1 } },
        enumerable: true,
        writable: true,
        configurable: true,
      });
      break;
    case 'unknownField':
      target[m.unknownKey] = m.json;
      break;
    case 'dropField':
      if (key !== undefined) delete target[key];
      break;
  }
  return body;
}

export interface FuzzBody {
  value: FuzzValue;
  mutations: string[];
}

/** A body for the schema with 0–3 mutations (most bodies are broken: that is the point). */
export function fuzzBody(schema: z.ZodType): fc.Arbitrary<FuzzBody> {
  const jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fc.tuple(validish(jsonSchema), fc.array(mutation, { maxLength: 3 })).map(([value, mutations]) => {
    let body = cloneValue(value);
    for (const m of mutations) body = applyMutation(body, m);
    return { value: body, mutations: mutations.map((m) => m.kind) };
  });
}

function cloneValue(value: FuzzValue): FuzzValue {
  if (value instanceof RawToken || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneValue);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cloneValue(item)]));
}

/**
 * Bodies hostile by their shape (docs/refusals.md, "Bodies: bounded in size and depth before
 * anything walks them") rather than their values, as JSON text. `depth` is how many arrays and
 * objects the text opens inside one another outside strings (what the server's pre-scan counts);
 * brackets inside strings are decoys that must not count.
 * - deep: 65 to 20,000 levels of `[` and `{"a":` mixed, closed or cut short;
 * - wide: up to 4,000 items or keys at a depth within the limit;
 * - long: up to 2,000 strings of brackets and escaped quotes, and one of up to 28,000 characters;
 * Deep bodies of objects can pass the 64 KiB body limit: those must be refused as too large.
 * - nested: 1 to 64 levels (the limit itself included), with decoys.
 */
export interface ShapedBody {
  shape: 'deep' | 'wide' | 'long' | 'nested';
  text: string;
  depth: number;
}

const BRACKET_DECOY = '"[{[{\\"]}\\\\"';

function nestedText(openers: boolean[], inner: string, closed: boolean): string {
  const open = openers.map((isArray) => (isArray ? '[' : '{"a":')).join('');
  if (!closed) return open + inner;
  const close = openers
    .map((isArray) => (isArray ? ']' : '}'))
    .reverse()
    .join('');
  return open + inner + close;
}

const openerKinds = (depth: number) => fc.array(fc.boolean(), { minLength: depth, maxLength: depth });

export const shapedBody: fc.Arbitrary<ShapedBody> = fc.oneof(
  fc
    .integer({ min: 65, max: 20_000 })
    .chain((depth) =>
      fc.tuple(fc.constant(depth), openerKinds(depth), fc.boolean(), fc.constantFrom('1', BRACKET_DECOY, '[]', '{}')),
    )
    .map(([depth, openers, closed, inner]) => ({ shape: 'deep' as const, text: nestedText(openers, inner, closed), depth })),
  fc.tuple(fc.integer({ min: 0, max: 63 }), fc.integer({ min: 1, max: 4_000 }), fc.boolean()).map(([depth, width, asObject]) => {
    const items = Array.from({ length: width }, (_, index) => (asObject ? `"k${index}":${index}` : String(index)));
    const inner = asObject ? `{${items.join(',')}}` : `[${items.join(',')}]`;
    return { shape: 'wide' as const, text: nestedText(Array<boolean>(depth).fill(true), inner, true), depth: depth + 1 };
  }),
  fc.tuple(fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 0, max: 14_000 })).map(([decoys, length]) => ({
    shape: 'long' as const,
    text: `{"user_name":[${Array<string>(decoys).fill(BRACKET_DECOY).join(',')}],"password":"${'x['.repeat(length)}"}`,
    depth: 2,
  })),
  fc
    .integer({ min: 1, max: 64 })
    .chain((depth) => fc.tuple(fc.constant(depth), openerKinds(depth)))
    .map(([depth, openers]) => ({ shape: 'nested' as const, text: nestedText(openers, BRACKET_DECOY, true), depth })),
);
