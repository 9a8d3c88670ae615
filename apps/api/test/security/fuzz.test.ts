import * as contract from '@portal/contract';
import { endpoints, TENANT_HOST_HEADER } from '@portal/contract';
import { makeRegistration } from '@portal/contract/factories';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { figure } from '../figures.ts';
import { pdfOf } from '../fixtures/pdf-bytes.ts';
import { addPlans, addProvider, plan } from '../fixtures/plans.ts';
import { AADHAAR, clientPayload, createClient } from '../fixtures/primary-clients.ts';
import {
  bearer,
  createAccountOfEveryRole,
  createTestApp,
  registerAgency,
  signInToken,
  type TestApp,
  uniqueIp,
} from '../helpers.ts';
import { pngBytes } from '../images.ts';
import { multipart, type Part } from '../multipart.ts';
import {
  type FuzzContext,
  HOSTILE_STRINGS,
  hostileValue,
  type JsonSchema,
  mutate,
  RawJson,
  toJsonText,
  validValue,
} from './fuzz-arbitraries.ts';

// Issue 9, item 4: property-based fuzzing of every operation of the OpenAPI document the app serves, as
// each role. Requests are made from the document's own parameter and body schemas (multipart bodies from
// the endpoint table, which the document does not describe): values the schema allows, and hostile ones.
// For every answer: no 5xx; a status, content type and JSON body the document declares; no stack trace.
// A request outside the schema (checked with a JSON-schema validator) must be refused with a 4xx. After
// the run, Object.prototype must hold no new keys. Replay a failure with FUZZ_SEED=<seed>.

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);
/** The fuzzing loop's time budget; a slower machine fuzzes less rather than failing on time. */
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_S ?? 120) * 1000;
const ROLES = ['anonymous', 'ADMIN', 'AO', 'AC'] as const;
type Role = (typeof ROLES)[number];

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const strictAjv = addFormats(new Ajv({ strict: false, allErrors: false }));
const coercingAjv = addFormats(new Ajv({ strict: false, coerceTypes: true }));

interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  params: Param[];
  body: JsonSchema | undefined;
  multipart: { payload?: string; files: readonly string[] } | undefined;
  /** Who may call it, from the endpoint table: those roles get twice the runs. */
  access: 'public' | readonly string[];
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

interface FuzzRequest {
  what: string;
  path: Record<string, string>;
  query: Record<string, unknown>;
  body?: { payload: string | Buffer; contentType: string | undefined };
  host?: string;
  idempotencyKey?: string;
  /** Path values written into the URL as they are, not percent-encoded. */
  rawPath?: boolean;
  /** Outside the document's schemas by construction: must be refused with a 4xx. */
  malformed: boolean;
}

const STACK_TRACE = [/\n\s+at\s/, /\(\/[^)\s]*:\d+:\d+\)/, /node_modules/, /\.(ts|js|mjs):\d+/, /file:\/\//];

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const table = Object.values(endpoints) as Array<{
    method: string;
    path: string;
    multipart?: { payload?: string; files: readonly string[] };
    access: 'public' | readonly string[];
  }>;
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const endpoint = table.find(
        (e) => e.method === method.toUpperCase() && e.path.replace(/:(\w+)/g, '{$1}') === path,
      );
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters as Param[] | undefined) ?? [],
        body,
        multipart: endpoint?.multipart,
        access: endpoint?.access ?? 'public',
        responses: op.responses as Operation['responses'],
      });
    }
  }
  return ops;
}

const asText = (v: unknown) => (v instanceof RawJson ? v.text : typeof v === 'string' ? v : toJsonText(v));

function paramsSchema(params: Param[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

/** OpenAPI 3.0's `nullable` as JSON schema's `anyOf [..., null]`, which the validator reads in every place. */
function withNulls(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNulls);
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const out = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, withNulls(v)]));
  return nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

const compiled = new Map<object, ValidateFunction>();
function validatorFor(ajv: Ajv, schema: JsonSchema): ValidateFunction {
  let v = compiled.get(schema);
  if (!v) {
    v = ajv.compile(withNulls(schema) as JsonSchema);
    compiled.set(schema, v);
  }
  return v;
}

/** Whether the JSON text is outside the schema (unparsable text is). */
function bodyOutside(schema: JsonSchema, text: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return true;
  }
  return !validatorFor(strictAjv, schema)(parsed);
}

/** The query string of the request, as a client writes it (repeated keys for arrays). */
function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) for (const item of v) search.append(k, asText(item));
    else search.append(k, asText(v));
  }
  return search.toString();
}

/** The query as the server reads it: one value as a string, a repeated key as an array. */
function sentQuery(query: Record<string, unknown>): Record<string, string | string[]> {
  const search = new URLSearchParams(queryString(query));
  const sent: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key);
    sent[key] = all.length > 1 ? all : all[0]!;
  }
  return sent;
}

const wellFormed = (v: string) => v.replace(/\p{Cs}/gu, '\uFFFD');

function paramsOutside(
  params: Param[],
  path: Record<string, string>,
  query: Record<string, unknown>,
): boolean {
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  if (pathParams.length > 0) {
    if (Object.values(path).some((v) => v === '')) return true;
    const sent = Object.fromEntries(Object.entries(path).map(([k, v]) => [k, wellFormed(v)]));
    if (!coercingAjv.validate(withNulls(paramsSchema(pathParams)) as JsonSchema, sent)) return true;
  }
  if (
    queryParams.length > 0 &&
    !coercingAjv.validate(withNulls(paramsSchema(queryParams)) as JsonSchema, sentQuery(query))
  )
    return true;
  return false;
}

/**
 * Known-good bodies (the test kits' forms), cut to the schema's properties, that the schema accepts: so
 * valid requests and their mutations also reach the code behind the validation.
 */
function examplesFor(schema: JsonSchema, examples: readonly object[]): unknown[] {
  const props = schema.properties;
  const cut = examples.map((e) =>
    props ? Object.fromEntries(Object.entries(e).filter(([k]) => k in props)) : e,
  );
  return cut.filter((e) => Object.keys(e).length > 0 && validatorFor(strictAjv, schema)(e));
}

/** A request before it is judged inside or outside the schemas. */
interface Draft {
  what: string;
  path: Record<string, string>;
  query: Record<string, unknown>;
  body?: FuzzRequest['body'] | undefined;
  host: string | undefined;
  idempotencyKey: string | undefined;
  /** Malformed on the wire (JSON, multipart, escapes): outside any schema. */
  wire?: boolean;
  /** A field set blank: not counted as outside the schema (see Mutation.blank). */
  blank?: boolean;
}

/** Whether the Idempotency-Key sent is outside the header the operation declares. */
function keyOutside(op: Operation, key: string | undefined): boolean {
  const declared = op.params.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
  return declared !== undefined && key !== undefined && !validatorFor(strictAjv, declared.schema)(key);
}

function requestArbitrary(
  op: Operation,
  ctx: FuzzContext,
  hosts: string[],
  examples: readonly object[],
): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathCtx: FuzzContext = { ids: ctx.idsFor?.(op.path) ?? ctx.ids };
  const validPath = fc.record(
    Object.fromEntries(pathParams.map((p) => [p.name, validValue(p.schema, pathCtx).map((v) => asText(v))])),
  ) as fc.Arbitrary<Record<string, string>>;
  const validQuery = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, validValue(p.schema, ctx)])),
    {
      requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
    },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const fits = op.body ? examplesFor(op.body, examples) : [];
  const validBody = op.body
    ? fits.length > 0
      ? fc.oneof(
          { weight: 1, arbitrary: validValue(op.body, ctx) },
          { weight: 2, arbitrary: fc.constantFrom(...fits) },
        )
      : validValue(op.body, ctx)
    : fc.constant(undefined);
  const host = fc.option(fc.constantFrom(...hosts, 'evil.example', '\u0000', 'a'.repeat(300)), {
    nil: undefined,
  });

  // A few keys used again and again, so stored answers are replayed to other requests, and bad keys.
  const idempotencyKey = fc.option(
    fc.constantFrom('fuzz-key-1', 'fuzz-key-2', '', ' ', 'k'.repeat(256), 'clé', 'a b'),
    { nil: undefined, freq: 2 },
  );
  const base = fc.record({ path: validPath, query: validQuery, body: validBody, host, idempotencyKey });
  const json = (v: unknown) => ({ payload: toJsonText(v), contentType: 'application/json' });
  const finish = (r: Draft): FuzzRequest => {
    const bodyBad =
      op.body !== undefined && r.body !== undefined && r.body.contentType === 'application/json'
        ? bodyOutside(op.body, String(r.body.payload))
        : false;
    return {
      what: r.what,
      path: r.path,
      query: r.query,
      ...(r.body ? { body: r.body } : {}),
      ...(r.host === undefined ? {} : { host: r.host }),
      ...(r.idempotencyKey === undefined ? {} : { idempotencyKey: r.idempotencyKey }),
      malformed:
        keyOutside(op, r.idempotencyKey) ||
        r.wire === true ||
        (r.blank !== true && (bodyBad || paramsOutside(op.params, r.path, r.query))),
    };
  };

  const modes: fc.Arbitrary<FuzzRequest>[] = [
    base.map((b) => finish({ ...b, what: 'valid', body: b.body === undefined ? undefined : json(b.body) })),
  ];
  if (pathParams.length > 0) {
    modes.push(
      fc
        .tuple(base, fc.constantFrom(...pathParams.map((p) => p.name)), fc.oneof(hostileValue, fc.string()))
        .map(([b, name, v]) =>
          finish({
            ...b,
            what: `path ${name}`,
            path: { ...b.path, [name]: asText(v).slice(0, 5000) },
            body: b.body === undefined ? undefined : json(b.body),
          }),
        ),
    );
  }
  if (pathParams.length > 0) {
    modes.push(
      fc
        .tuple(
          base,
          fc.constantFrom(...pathParams.map((p) => p.name)),
          fc.constantFrom('%', '%zz', '%E0%A4%A', '%c0%ae%c0%ae', '..%2F..%2Fetc%2Fpasswd', '%00', '%u0041'),
        )
        .map(([b, name, v]) => ({
          ...finish({
            ...b,
            what: `raw path ${name}`,
            path: { ...b.path, [name]: v },
            body: b.body === undefined ? undefined : json(b.body),
            wire: true,
          }),
          rawPath: true,
        })),
    );
  }
  if (queryParams.length > 0) {
    modes.push(
      fc
        .tuple(
          base,
          fc.constantFrom(...queryParams.map((p) => p.name)),
          fc.oneof(
            hostileValue,
            fc.array(fc.constantFrom<unknown>('1', 'x', ...HOSTILE_STRINGS), { minLength: 2, maxLength: 3 }),
          ),
        )
        .map(([b, name, v]) =>
          finish({
            ...b,
            what: `query ${name}`,
            query: { ...b.query, [name]: v },
            body: b.body === undefined ? undefined : json(b.body),
            // A blank query value reads as no value (the contract's preprocessing).
            blank: typeof v === 'string' && v.trim() === '',
          }),
        ),
    );
  }
  const body = op.body;
  if (body) {
    modes.push(
      base.chain((b) =>
        mutate(body, b.body).map((m) =>
          finish({ ...b, what: `body ${m.kind}`, body: json(m.value), blank: m.blank === true }),
        ),
      ),
    );
    modes.push(
      fc
        .tuple(
          base,
          fc.constantFrom(
            { payload: '{"a":', contentType: 'application/json' },
            { payload: '{}}', contentType: 'application/json' },
            { payload: "{'a':1}", contentType: 'application/json' },
            { payload: '\u0000', contentType: 'application/json' },
            { payload: '{"__proto__":{"polluted":"fuzz"}}', contentType: 'application/json' },
            { payload: '{"constructor":{"prototype":{"polluted":"fuzz"}}}', contentType: 'application/json' },
            { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
            { payload: '<xml/>', contentType: 'application/xml' },
            { payload: '{}', contentType: 'text/plain' },
          ),
        )
        .map(([b, wire]) =>
          finish({
            ...b,
            what: `wire ${wire.contentType} ${wire.payload.slice(0, 20)}`,
            body: wire,
            wire: !wire.payload.includes('polluted'),
          }),
        ),
    );
  }
  if (op.multipart) modes.push(multipartArbitrary(op.multipart, ctx, examples, base, finish));
  return fc.oneof(...modes);
}

function payloadSchema(name: string | undefined): JsonSchema | undefined {
  if (!name) return undefined;
  const schema = (contract as Record<string, unknown>)[name];
  if (!(schema instanceof z.ZodType))
    throw new Error(`The endpoint table names ${name}, which the contract lacks`);
  return z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }) as JsonSchema;
}

function multipartArbitrary(
  spec: { payload?: string; files: readonly string[] },
  ctx: FuzzContext,
  examples: readonly object[],
  base: fc.Arbitrary<Pick<Draft, 'path' | 'query' | 'host' | 'idempotencyKey'>>,
  finish: (r: Draft) => FuzzRequest,
): fc.Arbitrary<FuzzRequest> {
  const schema = payloadSchema(spec.payload);
  const fits = schema ? examplesFor(schema, examples) : [];
  const start = schema
    ? fits.length > 0
      ? fc.oneof(validValue(schema, ctx), fc.constantFrom(...fits))
      : validValue(schema, ctx)
    : fc.constant(undefined);
  const fields: fc.Arbitrary<Part[]> = schema
    ? start.chain((valid) =>
        fc.oneof(fc.constant({ kind: 'valid', value: valid }), mutate(schema, valid)).chain((m) =>
          fc.boolean().map((asOneField) => {
            if (asOneField || m.value === null || typeof m.value !== 'object' || Array.isArray(m.value)) {
              return [{ name: 'payload', value: asText(m.value) }];
            }
            return Object.entries(m.value as Record<string, unknown>).map(([name, v]) => ({
              name,
              value: asText(v),
            }));
          }),
        ),
      )
    : fc.constant([]);
  const file: fc.Arbitrary<Part> = fc.record({
    name: fc.constantFrom(...spec.files, 'file', 'payload', '__proto__'),
    filename: fc.constantFrom('a.pdf', 'logo.png', '', '../x.pdf', 'a\u0000.pdf', '🦄.png', 'x'.repeat(300)),
    type: fc.constantFrom(
      'application/pdf',
      'image/png',
      'image/jpeg',
      'text/html',
      'application/octet-stream',
      '',
    ),
    bytes: fc.oneof(
      fc.constant(pdfOf('fuzz')),
      fc.constant(pngBytes()),
      fc.uint8Array({ maxLength: 400 }).map((a) => Buffer.from(a)),
      fc.constant(Buffer.alloc(0)),
    ),
  });
  // A file the field takes (a PDF or a PNG, named and typed as it is), or a hostile one.
  const goodFile: fc.Arbitrary<Part> = fc
    .tuple(fc.constantFrom(...spec.files), fc.boolean())
    .map(([name, pdf]) =>
      pdf
        ? { name, filename: 'document.pdf', type: 'application/pdf', bytes: pdfOf('fuzz') }
        : { name, filename: 'photo.png', type: 'image/png', bytes: pngBytes() },
    );
  const wellFormed = fc
    .tuple(base, fields, fc.array(fc.oneof(goodFile, file), { maxLength: 2 }))
    .map(([b, parts, files]) => {
      const body = multipart([...parts, ...files]);
      return finish({
        ...b,
        what: `multipart ${[...parts, ...files].map((p) => p.name).join(',')}`,
        body: { payload: body.payload, contentType: body.headers['content-type'] },
      });
    });
  const broken = fc
    .tuple(
      base,
      fields,
      fc.constantFrom('no boundary', 'other boundary', 'truncated', 'no end', 'garbage', 'huge header'),
    )
    .map(([b, parts, how]) => {
      const body = multipart(parts.length > 0 ? parts : [{ name: 'x', value: 'y' }]);
      let payload: Buffer = body.payload;
      let contentType = body.headers['content-type'] ?? '';
      if (how === 'no boundary') contentType = 'multipart/form-data';
      if (how === 'other boundary') contentType = 'multipart/form-data; boundary=nothere';
      if (how === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
      if (how === 'no end') payload = payload.subarray(0, payload.lastIndexOf('--'));
      if (how === 'garbage') payload = Buffer.from('\u0000\u0001garbage', 'latin1');
      if (how === 'huge header') {
        const boundary = contentType.split('boundary=')[1] ?? '';
        payload = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${'n'.repeat(100_000)}"\r\n\r\nv\r\n--${boundary}--\r\n`,
        );
      }
      return finish({ ...b, what: `broken multipart (${how})`, body: { payload, contentType }, wire: true });
    });
  return fc.oneof({ weight: 2, arbitrary: wellFormed }, { weight: 1, arbitrary: broken });
}

function urlOf(op: Operation, req: FuzzRequest): string {
  // Lone surrogates cannot be percent-encoded; a client sends U+FFFD instead.
  const encode = req.rawPath ? (v: string) => v : (v: string) => encodeURIComponent(wellFormed(v));
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encode(req.path[name] ?? ''));
  const qs = queryString(req.query);
  return qs ? `${path}?${qs}` : path;
}

/** What is wrong with the answer, measured against the document; empty when nothing is. */
function problemsOf(op: Operation, req: FuzzRequest, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`server error ${res.statusCode}`);
  if (req.malformed && (res.statusCode < 400 || res.statusCode >= 500)) {
    problems.push(`input outside the schema answered ${res.statusCode}, not a 4xx`);
  }
  const declared = op.responses[String(res.statusCode)] ?? op.responses[`${String(res.statusCode)[0]}XX`];
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  if (!declared) {
    if (res.statusCode < 500) problems.push(`status ${res.statusCode} is not declared`);
  } else {
    const content = declared.content ?? {};
    if (Object.keys(content).length > 0 && !(type in content)) {
      problems.push(`content type "${type}" is not the declared ${Object.keys(content).join(' or ')}`);
    }
    const schema = content[type]?.schema;
    if (schema && /json/.test(type)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(res.body);
      } catch {
        problems.push('body is not JSON');
      }
      const validate = validatorFor(strictAjv, schema);
      if (parsed !== undefined && !validate(parsed)) {
        problems.push(`schema mismatch: ${strictAjv.errorsText(validate.errors)}`);
      }
    }
  }
  if (/json|text|html|xml|javascript/.test(type) || type === '') {
    for (const re of STACK_TRACE) if (re.test(res.body)) problems.push(`stack trace text (${re})`);
  }
  return problems.map((p) => `${p} | body ${res.body.slice(0, 300)}`);
}

/** Which kind of row an operation's path names by its first identifier. */
function kindOfPath(path: string): 'owner' | 'primary' | 'provider' | 'service' | 'plan' | 'member' {
  if (path.startsWith('/api/clients/')) return 'owner';
  if (path.includes('/by-service/')) return 'service';
  if (path.includes('secondary')) return 'member';
  if (path.includes('primary-clients')) return 'primary';
  if (/^\/api\/plans\/(insurance\/|investment\/)?\{id\}(\/bank-details|\/logo)?$/.test(path))
    return 'provider';
  return 'plan';
}

const memberPayload = (primaryClientId: string) => ({
  primary_client_id: primaryClientId,
  first_name: 'Kabir',
  last_name: 'Iyer',
  relationship: 'son',
  relation_type: 'child',
  date_of_birth: '2012-03-04',
  gender: 'male',
  email: 'kabir.iyer@example.in',
  phone: '9876512345',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411045',
  aadhaar_number: AADHAAR,
  pan_number: 'PQRSX6789K',
});

describe('fuzzing from the OpenAPI document (issue 9, item 4)', () => {
  let t: TestApp;
  let doc: Parameters<typeof operationsOf>[0];
  let ctx: FuzzContext;
  let hosts: string[];
  let examples: object[];
  const tokens: Partial<Record<Role, string>> = {};
  let signInAgain: (role: Exclude<Role, 'anonymous'>) => Promise<void>;
  let signIns = 0;

  beforeAll(async () => {
    figure('4. Fuzzing', `[security] fuzz seed=${SEED}`);
    t = await createTestApp();
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    const { agency, accounts } = await createAccountOfEveryRole(t);
    signInAgain = async (role) => {
      signIns += 1;
      tokens[role] = await signInToken(t.app, accounts[role]);
    };
    for (const role of ['ADMIN', 'AO', 'AC'] as const) await signInAgain(role);
    // Rows the fuzzer may reach by id, none of them the fuzzing accounts' own (the admin may deactivate
    // another agency's owner, the owner may delete another client).
    const ao = tokens.AO!;
    const other = await registerAgency(t.app);
    const victim = await createClient(t.app, ao);
    const life = await addProvider(t.app, ao, 'life');
    const funds = await addProvider(t.app, ao, 'mutual_funds');
    const pool = {
      owner: [other.ownerId],
      primary: [victim.primary_client_id],
      provider: [life, funds],
      service: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000006'],
      plan: [] as string[],
      member: [] as string[],
    };
    for (const [clientId, service, provider] of [
      [victim.primary_client_id, 'life', life],
      [accounts.AC.primaryClientId, 'life', life],
      [accounts.AC.primaryClientId, 'mutual_funds', funds],
    ] as const) {
      const added = await addPlans(
        t.app,
        ao,
        { primary_client_id: clientId, plans: [plan(service, provider)] },
        [{ filename: 'p.pdf', type: 'application/pdf', bytes: pdfOf('seed') }],
      );
      expect(added.statusCode, added.body).toBe(201);
      const data = added.json<{
        data: { insurance: Array<{ plan_id: string }>; investment: Array<{ plan_id: string }> };
      }>().data;
      pool.plan.push(...[...data.insurance, ...data.investment].map((p) => p.plan_id));
    }
    const member = await t.app.inject({
      method: 'POST',
      url: '/api/secondary-clients',
      headers: bearer(ao),
      payload: memberPayload(victim.primary_client_id),
    });
    expect(member.statusCode, member.body).toBe(201);
    pool.member.push(member.json<{ data: { secondary_client_id: string } }>().data.secondary_client_id);
    const ids = Object.values(pool).flat();
    ctx = { ids, idsFor: (path) => pool[kindOfPath(path)] ?? ids };
    hosts = [agency.host, other.host, accounts.ADMIN.host];
    examples = [
      makeRegistration(),
      clientPayload(),
      memberPayload(victim.primary_client_id),
      plan('life', life),
      { ClientId: other.ownerId, IsActive: true, IsVerified: true },
      { new_password: 'Niyantran#2026z' },
      { enabled: false },
      { note: 'Called the client about the renewal.' },
      { email: other.email, password: other.password },
      { email_reminders: true, language: 'en' },
      { reminder_days: [30, 7, 1] },
      { code: 'fuzz_service', name: 'Fuzz Service', category: 'insurance' },
      {
        service_id: '00000000-0000-4000-8000-000000000001',
        provider_name: 'Fuzz Assurance',
        agency_code: 'AG-9',
      },
      { new_end_date: '2046-03-31', note: 'Renewed for twenty years.' },
    ];
  }, 240_000);

  afterAll(async () => {
    await t?.close();
  });

  // Faults the fuzzer found, kept as fixed cases (SECURITY.md lists them).
  it('answers a path parameter over the length limit and a malformed escape as { message, detail }', async () => {
    for (const [url, status] of [
      [`/api/users/primary-clients/${'A'.repeat(300)}`, 414],
      ['/api/users/primary-clients/%zz', 400],
      ['/api/plans/%E0%A4%A/details', 400],
    ] as const) {
      const res = await t.app.inject({ url, headers: bearer(tokens.AO!) });
      expect(res.statusCode, url).toBe(status);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['detail', 'message']);
      expect(res.body).not.toContain('AAAAAAAAAA');
    }
  });

  it('refuses a malformed multipart body with a 400 on every upload route, never a 500', async () => {
    const good = multipart([{ name: 'payload', value: '{}' }]);
    const type = good.headers['content-type'] ?? '';
    const broken: Array<[string, Buffer, string]> = [
      ['no boundary', good.payload, 'multipart/form-data'],
      ['another boundary', good.payload, 'multipart/form-data; boundary=nothere'],
      ['cut short', good.payload.subarray(0, Math.floor(good.payload.length / 2)), type],
      ['not multipart inside', Buffer.from('\u0000\u0001garbage', 'latin1'), type],
    ];
    const uploads = (
      Object.values(endpoints) as Array<{ method: string; path: string; multipart?: object }>
    ).filter((e) => e.multipart);
    expect(uploads.length).toBeGreaterThanOrEqual(11);
    let refused = 0;
    for (const e of uploads) {
      const url = e.path.replace(':kind', 'pan').replace(/:\w+/g, ctx.ids[0]!);
      for (const [what, payload, contentType] of broken) {
        const res = await t.app.inject({
          method: e.method as 'POST',
          url,
          headers: { ...bearer(tokens.AO!), 'content-type': contentType },
          payload,
        });
        expect(res.statusCode, `${e.method} ${url}: ${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${e.method} ${url}: ${what}: ${res.body}`).toBeLessThan(500);
        refused += 1;
      }
    }
    expect(refused).toBe(uploads.length * broken.length);

    // With an Idempotency-Key whose answer is stored, the body is read before the replay: still a 400.
    const key = `fuzz-regression-${SEED}`;
    const first = multipart([
      {
        name: 'payload',
        value: JSON.stringify({
          service_id: '00000000-0000-4000-8000-000000000001',
          provider_name: 'Keyed Assurance',
          agency_code: 'AG-7',
        }),
      },
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/plans/insurance',
      headers: { ...bearer(tokens.AO!), ...first.headers, 'idempotency-key': key },
      payload: first.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const [what, payload, contentType] of broken) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/plans/insurance',
        headers: { ...bearer(tokens.AO!), 'content-type': contentType, 'idempotency-key': key },
        payload,
      });
      expect(res.statusCode, `replayed key, ${what}: ${res.body}`).toBe(400);
    }
  });

  it('refuses a NUL character in a search or a saved text with a 4xx, never a 500', async () => {
    const calls: Array<[string, string, string, object | undefined]> = [
      ['ADMIN', 'GET', '/api/clients?search=a%00b', undefined],
      ['AO', 'GET', '/api/users/families?search=a%00b', undefined],
      ['AO', 'GET', '/api/users/primary-clients?search=a%00b', undefined],
      ['AO', 'POST', '/api/users/primary-clients', clientPayload({ first_name: 'Me\u0000era' })],
      [
        'AO',
        'POST',
        '/api/secondary-clients',
        { ...memberPayload(ctx.idsFor!('/api/users/primary-clients/{id}')[0]!), first_name: 'Ka\u0000bir' },
      ],
    ];
    for (const [role, method, url, payload] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: bearer(tokens[role as 'AO']!),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(Object.keys(res.json()).sort()).toEqual(['detail', 'message']);
    }
  });

  it('declares the content types of file answers in the OpenAPI document', () => {
    const ops = operationsOf(doc);
    const files = (
      Object.values(endpoints) as Array<{ method: string; path: string; produces?: readonly string[] }>
    ).filter((e) => e.produces);
    // Seven, the client area's family-member document (issue 23 item 9), the logo at an agency's address, the
    // book's export as .xlsx and .csv, and the import's template as .xlsx and .csv and its errors file (issue 26),
    // a premium payment's receipt in the workspace and the client area (decision 041), and a claim's checklist
    // item's file (decision 045), a household's portfolio statement for the workspace and the client (047), and a
    // report's download (046).
    expect(files.length).toBe(20);
    for (const e of files) {
      const op = ops.find((o) => o.method === e.method && o.path === e.path.replace(/:(\w+)/g, '{$1}'))!;
      expect(Object.keys(op.responses['200']?.content ?? {}).sort()).toEqual([...(e.produces ?? [])].sort());
    }
  });

  it('answers every operation as each role with no server error, as declared, without leaks', async () => {
    const started = performance.now();
    // Every own property of the shared prototypes, with its value: a new key or a replaced one is pollution.
    const prototypes = [Object.prototype, Array.prototype, Function.prototype, String.prototype];
    const snapshot = () =>
      prototypes.map(
        (proto) =>
          new Map(
            Object.getOwnPropertyNames(proto).map((k) => {
              const d = Object.getOwnPropertyDescriptor(proto, k)!;
              return [k, 'value' in d ? d.value : d.get];
            }),
          ),
      );
    const before = snapshot();
    // Deletions last, so the rows they may remove are there for every other operation first.
    const ops = operationsOf(doc).sort(
      (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
    );
    expect(ops.length).toBeGreaterThanOrEqual(Object.keys(endpoints).length);
    const failures: string[] = [];
    let requests = 0;
    const statuses: Record<string, number> = {};
    const reached = new Set<string>();
    let serverErrors = 0;
    let mismatches = 0;
    let stackTraces = 0;
    let index = 0;
    let interrupted = 0;
    for (const op of ops) {
      for (const role of ROLES) {
        index += 1;
        const seed = SEED + index;
        const property = fc.asyncProperty(requestArbitrary(op, ctx, hosts, examples), async (req) => {
          const headers: Record<string, string> = {};
          if (role !== 'anonymous') Object.assign(headers, bearer(tokens[role]!));
          if (req.host !== undefined) headers[TENANT_HOST_HEADER] = req.host;
          if (req.idempotencyKey !== undefined) headers['idempotency-key'] = req.idempotencyKey;
          if (req.body?.contentType) headers['content-type'] = req.body.contentType;
          const res = await t.app.inject({
            method: op.method as 'GET',
            url: urlOf(op, req),
            headers,
            ...(req.body ? { payload: req.body.payload } : {}),
            remoteAddress: uniqueIp(),
          });
          requests += 1;
          const klass = `${String(res.statusCode)[0]}xx`;
          statuses[klass] = (statuses[klass] ?? 0) + 1;
          if (res.statusCode < 300) reached.add(`${op.method} ${op.path}`);
          // A logout or a password change ends the role's sessions: sign in again for the next request.
          if (role !== 'anonymous' && (res.statusCode === 401 || /logout|change-password/.test(op.path))) {
            await signInAgain(role);
          }
          const problems = problemsOf(op, req, res);
          if (problems.some((p) => p.startsWith('server error'))) serverErrors += 1;
          if (problems.some((p) => /schema mismatch|content type|not declared|not JSON/.test(p)))
            mismatches += 1;
          if (problems.some((p) => p.startsWith('stack trace'))) stackTraces += 1;
          if (problems.length > 0) {
            throw new Error(
              `${op.method} ${urlOf(op, req).slice(0, 200)} as ${role} (${req.what}; X-Tenant-Host ${JSON.stringify(req.host)}, Idempotency-Key ${JSON.stringify(req.idempotencyKey)}): ${problems.join('; ')}`,
            );
          }
        });
        const allowed = op.access === 'public' ? role === 'anonymous' : op.access.includes(role);
        const numRuns = allowed ? 2 * RUNS : RUNS;
        // Bounded in time as well as in count: past the budget, the remaining properties stop early.
        const details = await fc.check(property, {
          seed,
          numRuns,
          endOnFailure: true,
          interruptAfterTimeLimit: Math.max(1, started + TIME_LIMIT_MS - performance.now()),
        });
        if (details.interrupted) interrupted += 1;
        if (details.failed) {
          failures.push(
            `${op.method} ${op.path} as ${role}, seed ${seed}: ${String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance)}`.slice(
              0,
              1500,
            ),
          );
        }
      }
    }
    const after = snapshot();
    const changedKeys = after.flatMap((now, i) => {
      const was = before[i]!;
      const keys = new Set([...was.keys(), ...now.keys()]);
      return [...keys].filter((k) => !was.has(k) || !now.has(k) || was.get(k) !== now.get(k));
    });
    const polluted =
      ['polluted', 'isAdmin', 'role'].filter((k) => k in {} || k in []).length + changedKeys.length;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    figure(
      '4. Fuzzing',
      `[security] fuzz: ${ops.length} operations × ${ROLES.length} roles, ${requests} requests, ${serverErrors} server errors, ${mismatches} schema mismatches, ${stackTraces} stack traces, ${polluted} prototype pollution, seed ${SEED}, ${seconds} s`,
    );
    figure(
      '4. Fuzzing',
      `[security] fuzz answers: ${Object.entries(statuses)
        .sort()
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}; ${reached.size} of ${ops.length} operations answered a 2xx at least once${
        interrupted > 0 ? `; time limit reached: ${interrupted} operation × role pairs cut short` : ''
      }`,
    );
    if (process.env.FUZZ_VERBOSE) {
      console.log(
        `sign-ins ${signIns}; never a 2xx: ${ops
          .filter((o) => !reached.has(`${o.method} ${o.path}`))
          .map((o) => `${o.method} ${o.path}`)
          .join(', ')}`,
      );
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(changedKeys, 'keys of the shared prototypes added or replaced').toEqual([]);
    expect(polluted).toBe(0);
  }, 300_000);
});
