import fc from 'fast-check';

// JSON schema (as the OpenAPI document states it) → fast-check arbitraries: values the schema allows, and
// hostile variants of them (wrong types, missing required keys, extra and prototype keys, huge and
// control-character strings, deep nesting, out-of-range numbers, malformed identifiers and dates).
// Whether a variant is really outside the schema is decided by a JSON-schema validator, not assumed here.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

/** Marks a value that is to be written into the JSON text as it is (deep nesting, raw numbers). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, with RawJson pieces spliced in and own `__proto__` keys kept. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }
    return v;
  });
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]!);
}

/** An object holding `key` as an own, enumerable property, even when the key is `__proto__`. */
export function withKey(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(target)) Object.defineProperty(copy, k, ownValue(target[k]));
  Object.defineProperty(copy, key, ownValue(value));
  return copy;
}

const ownValue = (value: unknown): PropertyDescriptor => ({
  value,
  enumerable: true,
  writable: true,
  configurable: true,
});

const isObjectSchema = (s: JsonSchema) => s.type === 'object' || (s.type === undefined && !!s.properties);

const SAMPLE_STRINGS = ['2025-04-01', '2045-03-31', 'Meera', '9876501234', 'ABCDE1234F', '411045', 'life'];

/** Identifiers of real rows, so valid-looking uuids also reach rows that exist. */
export interface FuzzContext {
  ids: readonly string[];
  /** The identifiers worth trying in an operation's path (its own kind of row). */
  idsFor?: (path: string) => readonly string[];
}

function lengthOk(s: JsonSchema, v: string): boolean {
  const n = [...v].length;
  return n >= (s.minLength ?? 0) && n <= (s.maxLength ?? Number.POSITIVE_INFINITY);
}

function stringArb(s: JsonSchema, ctx: FuzzContext): fc.Arbitrary<string> {
  if (s.format === 'uuid') {
    return ctx.ids.length > 0
      ? fc.oneof({ weight: 1, arbitrary: fc.uuid() }, { weight: 3, arbitrary: fc.constantFrom(...ctx.ids) })
      : fc.uuid();
  }
  if (s.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'email') return fc.emailAddress().filter((v) => lengthOk(s, v));
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => lengthOk(s, v));
    } catch {
      // a pattern fast-check cannot read: fall through to plain strings
    }
  }
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? minLength + 24, minLength + 24);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    { weight: 2, arbitrary: fc.constantFrom(...SAMPLE_STRINGS).filter((v) => lengthOk(s, v)) },
  );
}

function bounds(s: JsonSchema, integer: boolean): { min: number; max: number } {
  const step = integer ? 1 : 1e-6;
  let min = s.minimum ?? (integer ? -1000 : -1e6);
  let max = s.maximum ?? (integer ? 100000 : 1e9);
  if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + step;
  else if (s.exclusiveMinimum === true) min += step;
  if (typeof s.exclusiveMaximum === 'number') max = s.exclusiveMaximum - step;
  else if (s.exclusiveMaximum === true) max -= step;
  return { min, max };
}

/** Values the schema allows (as far as a JSON schema can say: refinements in code may still refuse them). */
export function validValue(s: JsonSchema | undefined, ctx: FuzzContext, depth = 0): fc.Arbitrary<unknown> {
  const base = validValueOf(s ?? {}, ctx, depth);
  return s?.nullable
    ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
    : base;
}

function validValueOf(s: JsonSchema, ctx: FuzzContext, depth: number): fc.Arbitrary<unknown> {
  if (s.enum && s.enum.length > 0) return fc.constantFrom(...s.enum);
  if ('const' in s) return fc.constant(s.const);
  const choices = s.anyOf ?? s.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((c) => validValue(c, ctx, depth)));
  if (s.allOf && s.allOf.length > 0) return validValue(s.allOf[0], ctx, depth);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'string') return stringArb(s, ctx);
  if (type === 'integer') return fc.integer(bounds(s, true));
  if (type === 'number') {
    const { min, max } = bounds(s, false);
    return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  }
  if (type === 'boolean') return fc.boolean();
  if (type === 'null') return fc.constant(null);
  if (type === 'array') {
    const minLength = s.minItems ?? 0;
    const maxLength = Math.min(s.maxItems ?? minLength + 2, minLength + 2);
    return depth > 4
      ? fc.constant([])
      : fc.array(validValue(s.items, ctx, depth + 1), { minLength, maxLength });
  }
  if (isObjectSchema(s)) {
    if (depth > 5) return fc.constant({});
    const props = s.properties ?? {};
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [k, v] of Object.entries(props)) model[k] = validValue(v, ctx, depth + 1);
    return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
  }
  // No type stated: anything JSON can carry.
  return fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null));
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const POLLUTION = { polluted: 'fuzz', isAdmin: true, role: 'ADMIN' };

/** Strings no field should take whole: control and direction characters, lone surrogates, injections. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202e\u0007\u001b[31m',
  '\ud800',
  '\udfff\ud800',
  '🦄'.repeat(40),
  'ﷺ'.repeat(30),
  'Ω≈ç√∫˜µ≤≥÷',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as it is
  '{{7*7}}${7*7}',
  '%00%0d%0aSet-Cookie: x=y',
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000',
  '00000000-0000-0000-0000-0000000000000',
  'zzzzzzzz-zzzz-4zzz-8zzz-zzzzzzzzzzzz',
  '2025-13-45',
  '0000-00-00',
  '2025-02-30',
  '31/12/2025',
  '9999-12-31T99:99:99Z',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  'true',
  'null',
  '__proto__',
  'constructor',
];

const HOSTILE_NUMBERS = [-1, 0, 1.5, -1e308, 1e308, 2 ** 53 + 2, -(2 ** 31) - 1, 2 ** 31, 5e-324];

/** A value of a different JSON type than the one given, or a hostile one of the same type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_STRINGS),
  fc.constantFrom<unknown>(...HOSTILE_NUMBERS),
  fc.constantFrom<unknown>(true, false, null, [], {}, [null], { a: 1 }),
  fc.integer({ min: 1000, max: 300_000 }).map((n) => 'A'.repeat(n)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  fc.integer({ min: 50, max: 20_000 }).map((n) => new RawJson(`${'['.repeat(n)}${']'.repeat(n)}`)),
  fc.integer({ min: 50, max: 5000 }).map((n) => new RawJson(`${'{"a":'.repeat(n)}1${'}'.repeat(n)}`)),
  fc.constantFrom(new RawJson('1e400'), new RawJson('-1e400'), new RawJson('123456789012345678901234567890')),
);

/**
 * `blank`: a field was set to '' or null. The contract reads a blank form field as absent or null
 * (`blankToNull` and other preprocessing), which its JSON schema cannot say, so such a request is not
 * counted as outside the schema.
 */
export type Mutation = { kind: string; value: unknown; blank?: boolean };

const isBlank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

function keysOf(v: unknown): string[] {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : [];
}

/**
 * A hostile variant of a valid value of the schema. `kind` says what was done; the caller asks the
 * validator whether the result is outside the schema.
 */
export function mutate(s: JsonSchema, valid: unknown): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = [hostileValue.map((value) => ({ kind: 'wrong root', value }))];
  if (isObjectSchema(s) && valid !== null && typeof valid === 'object' && !Array.isArray(valid)) {
    const obj = valid as Record<string, unknown>;
    const present = keysOf(obj);
    const required = (s.required ?? []).filter((k) => k in obj);
    if (required.length > 0) {
      options.push(
        fc.constantFrom(...required).map((k) => {
          const copy = { ...obj };
          delete copy[k];
          return { kind: `missing ${k}`, value: copy };
        }),
      );
    }
    const fields = [...new Set([...present, ...Object.keys(s.properties ?? {})])];
    if (fields.length > 0) {
      options.push(
        fc
          .tuple(fc.constantFrom(...fields), hostileValue)
          .map(([k, v]) => ({ kind: `field ${k}`, value: withKey(obj, k, v), blank: isBlank(v) })),
      );
      // Nested: one level down into an object or array field.
      options.push(
        fc.tuple(fc.constantFrom(...fields), hostileValue).map(([k, v]) => {
          const inner = obj[k];
          if (Array.isArray(inner) && inner.length > 0) {
            const first = inner[0];
            const key = keysOf(first)[0];
            const item = key ? withKey(first as Record<string, unknown>, key, v) : v;
            return {
              kind: `item of ${k}`,
              value: withKey(obj, k, [item, ...inner.slice(1)]),
              blank: isBlank(v),
            };
          }
          const key = keysOf(inner)[0];
          if (key)
            return {
              kind: `field ${k}.${key}`,
              value: withKey(obj, k, withKey(inner as Record<string, unknown>, key, v)),
              blank: isBlank(v),
            };
          return { kind: `field ${k}`, value: withKey(obj, k, v), blank: isBlank(v) };
        }),
      );
    }
    options.push(
      fc
        .tuple(fc.constantFrom<string>(...PROTO_KEYS, 'unexpected_key', 'ClientId', 'role'), fc.boolean())
        .map(([k, nested]) => {
          const pollution = k === 'constructor' ? { prototype: POLLUTION } : POLLUTION;
          const value =
            nested && fields.length > 0 && keysOf(obj[fields[0]!]).length > 0
              ? withKey(obj, fields[0]!, withKey(obj[fields[0]!] as Record<string, unknown>, k, pollution))
              : withKey(obj, k, pollution);
          return { kind: `extra key ${k}`, value };
        }),
    );
  }
  return fc.oneof(...options);
}
