import fc from 'fast-check';

/**
 * fast-check arbitraries for the OpenAPI fuzz test (fuzz-openapi.test.ts): the operations of the
 * app's OpenAPI document, values that look valid from their JSON schemas, and hostile ones —
 * prototype key names at any depth, control characters, huge strings, wrong types, absurd dates
 * and numbers — for bodies, query strings, path ids, headers and multipart parts.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
};

type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };

export type Operation = {
  method: string;
  /** As the document writes it, `{name}` placeholders included. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema; required: boolean }[];
  jsonBody: JsonSchema | undefined;
  multipart: boolean;
  secured: boolean;
  idempotent: boolean;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
};

/** Every operation of the document. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true })),
        jsonBody: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
        secured: (operation.security ?? []).length > 0,
        idempotent: parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
      });
    }
  }
  return operations;
}

// ── hostile values ──────────────────────────────────────────────────────────────────────────

/** Names every plain object answers to. */
export const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
] as const;

export const ABSURD_DATES = [
  '0000-00-00',
  '0000-01-01',
  '2027-02-30',
  '2026-02-29',
  '2026-13-01',
  '2026-04-31',
  '9999-12-31',
  '1899-12-31',
  '-00001-01-01',
  '+275760-09-13',
  '2026-11-22T25:61:61Z',
  '2026-11-22T00:00:00+99:99',
  '20261122',
  '2026-1-1',
] as const;

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m\u0008',
  '\r\n\t',
  '\u0085\u009f',
  '\u007f',
  '\ud800',
  'x\udc00y',
  '\ufeff',
  '\u202eevil',
  '\u2028\u2029',
  "'; drop table companies; --",
  '" or 1=1 --',
  '\\',
  '%',
  '%00',
  '%s%n',
  '..',
  '../..',
  '.',
  'null',
  'undefined',
  'true',
  'NaN',
  '-0',
  '1e308',
  '-1e308',
  'Infinity',
  '0x10',
  '00001',
  '1.5',
  '[]',
  '{}',
  '{"__proto__":{"polluted":1}}',
  '😀'.repeat(50),
  'Ω≈ç√∫˜µ≤≥÷',
  'ﷺ',
  'ÅÍÎÏ˝ÓÔÒÚÆ☃',
  ...PROTO_KEYS,
  ...ABSURD_DATES,
];

const ODD_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_VALUE,
  2 ** 31,
  -(2 ** 31) - 1,
];

/** Strings no field expects. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 1, arbitrary: fc.integer({ min: 10_000, max: 300_000 }).map((n) => 'A'.repeat(n)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.integer({ min: 0, max: 0xa0 }), { minLength: 1, maxLength: 12 })
      .map((codes) => String.fromCharCode(...codes)),
  },
);

/** An object keyed by prototype names, nested: `{"__proto__":{"constructor":{"prototype":…}}}`. */
const protoObject: fc.Arbitrary<Record<string, unknown>> = fc
  .array(fc.constantFrom(...PROTO_KEYS), { minLength: 1, maxLength: 4 })
  .chain((keys) =>
    fc
      .jsonValue({ maxDepth: 1 })
      .map((leaf) => keys.reduceRight<unknown>((inner, key) => Object.fromEntries([[key, inner]]), leaf)),
  ) as fc.Arbitrary<Record<string, unknown>>;

/** Nested arrays this deep: parsers and validators must not recurse into trouble. */
const deepArray = fc
  .integer({ min: 100, max: 3000 })
  .map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`));

/** Any value no field expects: wrong types, odd numbers, prototype-keyed objects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...ODD_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}) },
  { weight: 2, arbitrary: protoObject },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: deepArray },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

// ── values from JSON schemas ────────────────────────────────────────────────────────────────

/** Real values by field name (an offer, a booking, a company), so runs reach past lookups. */
export type Seeds = Record<string, readonly string[]>;

const DATE_PATTERN = /\\d\{4\}-\\d\{2\}-\\d\{2\}/;
const DAY_MS = 86_400_000;

/** Real dates from 1950 to two years after `today`, mostly close to it, and absurd ones. */
const dateAround = (today: Date) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .integer({ min: -30, max: 400 })
        .map((days) => new Date(today.getTime() + days * DAY_MS).toISOString().slice(0, 10)),
    },
    {
      weight: 2,
      arbitrary: fc
        .integer({ min: Date.UTC(1950, 0, 1), max: today.getTime() + 2 * 365 * DAY_MS })
        .map((ms) => new Date(ms).toISOString().slice(0, 10)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...ABSURD_DATES) },
  );

function fromPattern(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string();
  }
}

export type SchemaContext = { seeds: Seeds; today: Date };

/** Values that fit the schema as far as JSON Schema can say (zod's refinements are not in it). */
export function validLooking(schema: JsonSchema, context: SchemaContext, name = ''): fc.Arbitrary<unknown> {
  return build(schema, context, name, false);
}

/** Values of the schema's shape with hostile values and extra keys at any depth. */
export function fuzzed(schema: JsonSchema, context: SchemaContext, name = ''): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: build(schema, context, name, false) },
    { weight: 4, arbitrary: build(schema, context, name, true) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function build(
  schema: JsonSchema,
  context: SchemaContext,
  name: string,
  hostile: boolean,
): fc.Arbitrary<unknown> {
  const plain = shaped(schema, context, name, hostile);
  return hostile ? fc.oneof({ weight: 10, arbitrary: plain }, { weight: 1, arbitrary: hostileValue }) : plain;
}

function shaped(
  schema: JsonSchema,
  context: SchemaContext,
  name: string,
  hostile: boolean,
): fc.Arbitrary<unknown> {
  const seeded = context.seeds[name];
  const withSeeds = (arbitrary: fc.Arbitrary<unknown>) =>
    seeded?.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...seeded) }, arbitrary) : arbitrary;

  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => build(s, context, name, hostile)));
  if (schema.allOf?.length) return build(Object.assign({}, ...schema.allOf), context, name, hostile);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);

  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return withSeeds(stringFor(schema, context, name));
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -10;
      const max = Math.min(schema.maximum ?? min + 1000, min + 1000);
      return type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = schema.items ?? {};
      const minLength = Math.min(schema.minItems ?? 0, 3);
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(build(items, context, singular(name), hostile), { minLength, maxLength });
    }
    case 'object':
      return objectFor(schema, context, hostile);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** Addresses as agencies have them (fast-check's RFC addresses use characters zod refuses). */
const plainEmail = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9._+-]{0,14}[a-z0-9]$/),
    fc.constantFrom('agency.test', 'example.com', 'x.ae'),
  )
  .map(([local, domain]) => `${local}@${domain}`);

const singular = (name: string) => (name.endsWith('s') ? name.slice(0, -1) : name);

function stringFor(schema: JsonSchema, context: SchemaContext, name: string): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email' || /email|^to$/.test(name)) return plainEmail;
  if (/password/.test(name)) return fc.string({ minLength: 8, maxLength: 40 });
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern && DATE_PATTERN.test(schema.pattern)) return dateAround(context.today);
  if (/country|nationality/.test(name)) return fc.constantFrom('GB', 'AE', 'FR', 'US', 'XX', 'gb');
  if (schema.pattern) return fromPattern(schema.pattern);
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  return fc.string({ minLength, maxLength });
}

function objectFor(schema: JsonSchema, context: SchemaContext, hostile: boolean): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const members = properties.map(([key, property]) =>
    fc
      .tuple(
        fc.constant(key),
        build(property, context, key, hostile),
        // Optional members come and go; in hostile runs a required one may go too.
        required.has(key) ? (hostile ? rarely(false, true) : fc.constant(true)) : fc.boolean(),
      )
      .map(([k, value, present]) => (present ? ([k, value] as const) : undefined)),
  );
  const extras = hostile
    ? rarely(
        fc.array(
          fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 12 })), hostileValue),
          { minLength: 1, maxLength: 2 },
        ),
        [],
        4,
      )
    : fc.constant([]);
  return fc.tuple(fc.tuple(...members), extras).map(([entries, extra]) =>
    // fromEntries defines own members: `__proto__` stays a key, as JSON.parse makes it.
    Object.fromEntries([...entries.filter((entry) => entry !== undefined), ...extra]),
  );
}

/** `value` once in `1 + otherwiseTimes` runs, else `otherwise`. */
function rarely<T>(value: T | fc.Arbitrary<T>, otherwise: T, otherwiseTimes = 9): fc.Arbitrary<T> {
  const arbitrary = value instanceof fc.Arbitrary ? value : fc.constant(value);
  return fc.oneof({ weight: otherwiseTimes, arbitrary: fc.constant(otherwise) }, { weight: 1, arbitrary });
}

/**
 * A real request body with one thing wrong: a member replaced by a hostile value, dropped, or a
 * key named after Object.prototype added, at any depth.
 */
export function mutated(example: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(example);
  return fc
    .tuple(
      fc.constantFrom(...paths),
      fc.constantFrom('replace', 'drop', 'add'),
      hostileValue,
      fc.constantFrom(...PROTO_KEYS),
    )
    .map(([path, how, value, key]) => {
      const copy = structuredClone(example);
      if (path.length === 0) return how === 'replace' ? value : copy;
      type Node = Record<string | number, unknown> & unknown[];
      const parent = path.slice(0, -1).reduce((node, step) => node[step] as Node, copy as Node);
      const last = path[path.length - 1]!;
      if (how === 'replace') parent[last] = value;
      else if (how === 'drop') Array.isArray(parent) ? parent.splice(Number(last), 1) : delete parent[last];
      else if (parent[last] !== null && typeof parent[last] === 'object' && !Array.isArray(parent[last])) {
        // defineProperty, not assignment: `__proto__` must become a key, as JSON.parse makes it.
        Object.defineProperty(parent[last], key, {
          value,
          enumerable: true,
          configurable: true,
          writable: true,
        });
      } else parent[last] = Object.fromEntries([[key, value]]);
      return copy;
    });
}

function pathsOf(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => pathsOf(item, [...at, i]))];
  if (value !== null && typeof value === 'object') {
    return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))];
  }
  return here;
}

// ── requests ────────────────────────────────────────────────────────────────────────────────

/** A query value as a URL carries it; lone surrogates (which encodeURIComponent refuses) as broken UTF-8. */
export function encodeQueryPart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((char) => {
        try {
          return encodeURIComponent(char);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

/** A query string of an operation: its parameters, valid-looking or not, repeated and unknown keys. */
export function queryString(operation: Operation, context: SchemaContext): fc.Arbitrary<string> {
  const known = operation.query.map((parameter) => {
    const value = fc.oneof(
      { weight: 6, arbitrary: validLooking(parameter.schema, context, parameter.name) },
      { weight: 1, arbitrary: hostileValue },
    );
    // Usually once (or not at all when optional); sometimes repeated, which Fastify hands on as an array.
    const usual = parameter.required ? fc.constant(1) : fc.constantFrom(0, 1);
    const times = fc.oneof(
      { weight: 8, arbitrary: usual },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 }) },
    );
    return times.chain((n) =>
      fc
        .array(value, { minLength: n, maxLength: n })
        .map((values) => values.map((v) => `${parameter.name}=${encodeQueryPart(asQueryText(v))}`)),
    );
  });
  const unknown = rarely(
    fc.array(
      fc
        .tuple(
          fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ minLength: 1, maxLength: 10 })),
          hostileString,
        )
        .map(([name, value]) => `${encodeQueryPart(name)}=${encodeQueryPart(value.slice(0, 200))}`),
      { minLength: 1, maxLength: 2 },
    ),
    [],
  );
  const raw = rarely(
    fc.constantFrom('&', '%', 'a=%ZZ', 'a=%C0%AF', '=', '&&=&', 'q[0]=1', 'page[$gt]=1'),
    '',
  );
  return fc.tuple(fc.tuple(...known), unknown, raw).map(([pairs, extra, tail]) => {
    const parts = [...pairs.flat(), ...extra, ...(tail ? [tail] : [])];
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

const asQueryText = (value: unknown) =>
  typeof value === 'string' ? value.slice(0, 2000) : (JSON.stringify(value)?.slice(0, 2000) ?? '');

/** A path id: real ones, uuids of nothing, and what no route expects. */
export function pathId(seeds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: seeds.length ? fc.constantFrom(...seeds) : fc.uuid() },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'not-a-uuid',
        '%00',
        '..',
        '.',
        '%2e%2e',
        '%2F',
        '%ZZ',
        '%20',
        '00000000-0000-0000-0000-000000000000',
        'FFFFFFFF-FFFF-4FFF-8FFF-FFFFFFFFFFFF',
        '1',
        '-1',
        'undefined',
        '__proto__',
        'constructor',
        'x'.repeat(500),
      ),
    },
    { weight: 1, arbitrary: hostileString.map((text) => encodeQueryPart(text.slice(0, 300))) },
  );
}

/** Header values HTTP can carry (inject refuses the rest before any server code runs). */
const headerSafe = (text: string) => text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '');

export const oddIdempotencyKey = fc.oneof(
  fc.uuid(),
  fc.constantFrom('', ' ', 'a'.repeat(255), 'a'.repeat(256), 'é', 'key\tkey', '\u00ff', '__proto__'),
  fc.string({ unit: 'binary-ascii', maxLength: 300 }).map(headerSafe),
);

/** An Authorization header that opens nothing. */
export const garbageAuthorization = (token?: string) =>
  fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Bearer x.y.z',
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
      'Basic dXNlcjpwYXNz',
      'null',
      '__proto__',
      `Bearer ${'a'.repeat(5000)}`,
    ),
    fc.string({ unit: 'binary-ascii', maxLength: 80 }).map(headerSafe),
    ...(token
      ? [
          fc.constantFrom(
            `${token}x`,
            `Bearer ${token.slice(0, -2)}`,
            `Bearer ${token}.${token}`,
            `bearer  ${token} `,
          ),
        ]
      : []),
  );

/** Content types a JSON call may be sent with (the right one most often). */
export const jsonContentType = fc.oneof(
  { weight: 15, arbitrary: fc.constant<string | undefined>('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'application/json;;;',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'application/xml',
      '*/*',
      'application/json, text/plain',
    ),
  },
);

export const acceptEncoding = fc.constantFrom(
  undefined,
  undefined,
  'gzip',
  'br',
  'identity',
  'gzip;q=0, *;q=0',
  '🙃',
);

// ── multipart ───────────────────────────────────────────────────────────────────────────────

export type MultipartRequest = { contentType: string; payload: Buffer };

const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\n', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

const fileContent = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(PDF, PNG, Buffer.alloc(0), Buffer.from('MZ\x90\x00', 'latin1')) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)) },
  // Just past the 5 MB a document may have.
  {
    weight: 1,
    arbitrary: fc.constant(5 * 1024 * 1024 + 1).map((n) => Buffer.concat([PDF, Buffer.alloc(n)])),
  },
);

/**
 * A file's name as a part's Content-Disposition carries it (issue 27): plain, quoted with any odd
 * character inside — NUL and other controls, bidirectional overrides, broken UTF-8, quotes and
 * separators — or percent-encoded in `filename*` (RFC 5987), which busboy decodes to anything.
 */
export const hostileFileName: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 2, arbitrary: fc.constantFrom('a.pdf', 'scan.png', '', '../../etc/passwd', 'x'.repeat(300)) },
    {
      weight: 6,
      arbitrary: fc.constantFrom(
        'scan\u0000.pdf',
        '\u0000',
        'sc\u0007an\u001b.pdf',
        'invoice\u202efdp.exe',
        `${'a'.repeat(199)}🛫.pdf`,
        'x.html',
      ),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(hostileString, fc.constantFrom('.pdf', '.png', '.html', '', '.exe'))
        .map(([text, extension]) => `filename="${text.slice(0, 400).replace(/["\r\n]/g, '')}${extension}"`),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom('scan', 'invoice', '', 'a'.repeat(199)),
          fc.constantFrom(
            '%00',
            '%01%1B',
            '%C2%85',
            '%E2%80%AE',
            '%E2%81%A6',
            '%ED%A0%80',
            '%FF%FE',
            '%F0%9F%9B%AB',
            '%22%0D%0A',
          ),
          fc.constantFrom('.pdf', '.png', ''),
        )
        .map(([stem, odd, extension]) => `filename*=UTF-8''${stem}${odd}${extension}`),
    },
  )
  .map((name) => (name.startsWith('filename') ? name : `filename="${name}"`));

/** A multipart body of its fields and files, each file's Content-Disposition naming it as given (UTF-8). */
export function multipartBody(
  fields: Record<string, string>,
  files: { field: string; disposition: string; content: Buffer }[],
): MultipartRequest {
  const boundary = 'skydeskFuzzFormBoundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; ${file.disposition}\r\n`,
      ),
      Buffer.from('Content-Type: application/octet-stream\r\n\r\n'),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) };
}

/** A multipart body of parts named from `names` (and prototype and random names), well formed or not. */
export function multipartRequest(names: readonly string[]): fc.Arbitrary<MultipartRequest> {
  const partName = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map((name) => name.replace(/["\r\n]/g, '')) },
  );
  const part = fc.oneof(
    fc.tuple(partName, fc.oneof(fc.string({ maxLength: 40 }), hostileString)).map(
      ([name, value]) =>
        ({ name, content: Buffer.from(value.slice(0, 20_000)) }) as {
          name: string;
          content: Buffer;
          file?: string;
        },
    ),
    fc
      .tuple(partName, fileContent, hostileFileName)
      .map(([name, content, file]) => ({ name, content, file })),
  );
  return fc
    .tuple(
      fc.array(part, { maxLength: 6 }),
      fc.constantFrom('skydeskFuzzBoundary', 'a', '----WebKitFormBoundary7MA4YWxkTrZu0gW'),
      fc.constantFrom('right', 'right', 'right', 'none', 'empty', 'other', 'too-long', 'quoted'),
      fc.constantFrom('whole', 'whole', 'whole', 'cut', 'no-end'),
    )
    .map(([parts, boundary, header, shape]) => {
      const chunks: Buffer[] = [];
      for (const p of parts) {
        const disposition = `form-data; name="${p.name}"${p.file === undefined ? '' : `; ${p.file}`}`;
        const type = p.file === undefined ? '' : '\r\nContent-Type: application/octet-stream';
        // UTF-8, as browsers send a name outside ASCII.
        chunks.push(
          Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'utf8'),
        );
        chunks.push(p.content, Buffer.from('\r\n'));
      }
      if (shape !== 'no-end') chunks.push(Buffer.from(`--${boundary}--\r\n`));
      let payload = Buffer.concat(chunks);
      if (shape === 'cut') payload = payload.subarray(0, Math.floor(payload.length / 2));
      const contentType = {
        right: `multipart/form-data; boundary=${boundary}`,
        none: 'multipart/form-data',
        empty: 'multipart/form-data; boundary=',
        other: 'multipart/form-data; boundary=notTheOneUsed',
        'too-long': `multipart/form-data; boundary=${'b'.repeat(300)}`,
        quoted: `multipart/form-data; boundary="${boundary}"`,
      }[header];
      return { contentType, payload };
    });
}
