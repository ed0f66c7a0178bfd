import type { Endpoint } from '@skydesk/contract';
import * as contract from '@skydesk/contract';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createEndpointRegistrar, REPLY_SENT } from './endpoint-route.js';
import type { MultipartFormSpec } from './multipart-form.js';

/**
 * The API reference in docs/api.md, generated from the contract so it cannot drift from it
 * (`npm run docs:api` writes it; test/structure/api-docs.test.ts fails when it is stale).
 *
 * It does not walk the contract's schemas a second way: every endpoint is registered through the
 * server's own registrar on a bare Fastify instance (no store, no handler ever runs), and the route
 * schema the registrar makes for the OpenAPI document at /api/docs is what is rendered here, with
 * the endpoint's declarations (access, permission, idempotency, fallback message) beside it.
 */

/** Each `…Endpoints` table of the contract, in the order the sections below give (others last). */
export function endpointTables(): { name: string; endpoints: Endpoint[] }[] {
  const isEndpoint = (value: unknown): value is Endpoint =>
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;
  const tables = Object.entries(contract)
    .filter(([name, table]) => name.endsWith('Endpoints') && typeof table === 'object' && table !== null)
    .map(([name, table]) => ({ name, endpoints: Object.values(table as object).filter(isEndpoint) }))
    .filter((table) => table.endpoints.length > 0);
  const rank = (name: string) => {
    const index = SECTION_ORDER.indexOf(name);
    return index === -1 ? SECTION_ORDER.length : index;
  };
  return tables.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

/** Sections of the reference: the contract's table → its heading. */
const SECTIONS: Record<string, string> = {
  systemEndpoints: 'System',
  authEndpoints: 'Authentication',
  invitationEndpoints: 'Invitations',
  companyEndpoints: 'Company',
  userEndpoints: 'Users',
  roleEndpoints: 'Roles',
  flightEndpoints: 'Flights',
  bookingEndpoints: 'Bookings',
  paymentEndpoints: 'Payments',
  supportEndpoints: 'Support',
  noticeEndpoints: 'Notices',
  analyticsEndpoints: 'Analytics',
  adminAuthEndpoints: 'Back office: sign-in',
  adminEndpoints: 'Back office: agencies, refunds and audit',
  adminPaymentEndpoints: 'Back office: deposits and banks',
  adminSupportEndpoints: 'Back office: support',
  adminAnnouncementEndpoints: 'Back office: announcements',
  adminOfferEndpoints: 'Back office: offers',
  adminAnalyticsEndpoints: 'Back office: analytics',
  adminSupplierEndpoints: 'Back office: suppliers and rates',
  devEndpoints: 'Development helpers',
};
const SECTION_ORDER = Object.keys(SECTIONS);

/** `adminFooEndpoints` → `Admin foo`, for a table declared after this file was written. */
const sectionTitle = (table: string) =>
  SECTIONS[table] ??
  table
    .replace(/Endpoints$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^./, (first) => first.toUpperCase());

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  description?: string;
  default?: unknown;
};

type RouteSchema = {
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
  response: Record<string, JsonSchema>;
};

/** The route schema the registrar gives each endpoint (the one /api/docs is built from). */
async function routeSchemas(endpoints: Endpoint[]): Promise<Map<Endpoint, RouteSchema>> {
  const app = Fastify({ logger: false });
  // As in app.ts: the contract validates and serialises, the route schemas only describe.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const schemas = new Map<Endpoint, RouteSchema>();
  let current: Endpoint | undefined;
  app.addHook('onRoute', (route) => {
    if (current && route.method !== 'HEAD') schemas.set(current, route.schema as RouteSchema);
  });
  const route = createEndpointRegistrar(app, {
    guard: async () => null,
    validateResponses: false,
    // Only its presence is checked at registration; no handler runs here.
    db: {} as Kysely<Database>,
  });
  // A multipart endpoint's form is the module's; the reference says it takes multipart/form-data.
  const form = {} as MultipartFormSpec;
  for (const endpoint of endpoints) {
    current = endpoint;
    route(endpoint, async () => REPLY_SENT, endpoint.multipart ? { form } : undefined);
  }
  await app.ready();
  await app.close();
  return schemas;
}

// ── JSON schema → a compact, TypeScript-like notation ───────────────────────────────────────────

const WIDTH = 100;

const literal = (value: unknown) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

/** `string`, with its format and bounds: `string(uuid)`, `string(1–200)`, `integer(≥ 0)`. */
function scalar(schema: JsonSchema, type: string): string {
  const notes: string[] = [];
  if (schema.format) notes.push(schema.format);
  const range = (rawMin: unknown, rawMax: unknown) => {
    // zod's `.int()` bounds every integer to the safe range: that is no bound to a reader.
    const min = typeof rawMin === 'number' && rawMin > Number.MIN_SAFE_INTEGER ? rawMin : undefined;
    const max = typeof rawMax === 'number' && rawMax < Number.MAX_SAFE_INTEGER ? rawMax : undefined;
    if (typeof min === 'number' && typeof max === 'number')
      notes.push(min === max ? `${min}` : `${min}–${max}`);
    else if (typeof min === 'number') notes.push(`≥ ${min}`);
    else if (typeof max === 'number') notes.push(`≤ ${max}`);
  };
  if (type === 'string') range(schema.minLength, schema.maxLength);
  if (type === 'number' || type === 'integer') {
    const min = typeof schema.exclusiveMinimum === 'number' ? undefined : schema.minimum;
    const max = typeof schema.exclusiveMaximum === 'number' ? undefined : schema.maximum;
    range(min, max);
    if (typeof schema.exclusiveMinimum === 'number') notes.push(`> ${schema.exclusiveMinimum}`);
    if (typeof schema.exclusiveMaximum === 'number') notes.push(`< ${schema.exclusiveMaximum}`);
  }
  return notes.length ? `${type}(${notes.join(', ')})` : type;
}

/** One schema as text at `indent`; multi-line objects when they do not fit one line. */
function render(schema: JsonSchema | undefined, indent: string): string {
  if (!schema || Object.keys(schema).length === 0) return 'unknown';
  const nullable = schema.nullable ? ' | null' : '';
  if (schema.const !== undefined) return literal(schema.const) + nullable;
  if (schema.enum) return schema.enum.map(literal).join(' | ') + nullable;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const parts = [...new Set(alternatives.map((alternative) => render(alternative, indent)))];
    return parts.join(' | ') + nullable;
  }
  if (schema.allOf) return schema.allOf.map((part) => render(part, indent)).join(' & ') + nullable;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') {
    // A tuple (the users list's `[User[], { total }]`) lists its members; a list its one item.
    const tuple = Array.isArray(schema.items) ? schema.items : schema.prefixItems;
    if (tuple) return `[${tuple.map((item) => render(item, indent)).join(', ')}]${nullable}`;
    const item = (schema.items ?? {}) as JsonSchema;
    const members = item.anyOf ?? item.oneOf;
    // OpenAPI 3.0 has no tuples: zod writes one as its members' union with a fixed length, in order.
    if (members && schema.minItems === schema.maxItems && members.length === schema.minItems) {
      return `[${members.map((member) => render(member, indent)).join(', ')}]${nullable}`;
    }
    const inner = render(item, indent);
    const { minItems, maxItems } = schema;
    const count =
      maxItems === undefined
        ? `≥ ${minItems}`
        : minItems === maxItems
          ? `${maxItems}`
          : `${minItems ?? 0}–${maxItems}`;
    const bounds = minItems !== undefined || maxItems !== undefined ? ` /* ${count} items */` : '';
    const isUnion = Boolean(members || item.nullable || (item.enum && item.enum.length > 1) || item.allOf);
    return `${isUnion ? `(${inner})` : inner}[]${bounds}${nullable}`;
  }
  if (type === 'object' || schema.properties) return renderObject(schema, indent) + nullable;
  return scalar(schema, type ?? 'unknown') + nullable;
}

function renderObject(schema: JsonSchema, indent: string): string {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) {
    const extra = schema.additionalProperties;
    if (extra && typeof extra === 'object') return `{ [key: string]: ${render(extra, indent)} }`;
    return '{}';
  }
  const required = new Set(schema.required ?? []);
  const inner = `${indent}  `;
  const members = properties.map(([name, member]) => {
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`;
    const optional = required.has(name) ? '' : '?';
    const note = member.description ? ` // ${member.description.replace(/\s+/g, ' ')}` : '';
    return { head: `${key}${optional}: ${render(member, inner)}`, note };
  });
  const oneLine = `{ ${members.map((member) => member.head).join('; ')} }`;
  if (
    !oneLine.includes('\n') &&
    members.every((member) => !member.note) &&
    indent.length + oneLine.length <= WIDTH
  ) {
    return oneLine;
  }
  return `{\n${members.map((member) => `${inner}${member.head};${member.note}`).join('\n')}\n${indent}}`;
}

// ── the reference ────────────────────────────────────────────────────────────────────────────────

const ACCESS: Record<Endpoint['access'], string> = {
  public: 'public (no token)',
  challenge: 'the sign-in challenge token (between the password and the second factor)',
  refresh: 'the httpOnly refresh cookie',
  company: 'a signed-in agency user',
  operator: 'a signed-in back-office operator',
};

function permissionText(endpoint: Endpoint): string | undefined {
  const { permission } = endpoint;
  if (!permission) return undefined;
  if (permission === 'any') return 'any user of the agency';
  if (permission === 'self') return 'any user, on their own account';
  if (permission === 'owner') return "the agency's owner only";
  return `\`${permission}\``;
}

/** The answers every endpoint can give from what it declares; its own rules add to them. */
function errorsOf(endpoint: Endpoint, takesInput: boolean): string[] {
  const errors: string[] = [];
  if (endpoint.access !== 'public') errors.push('401 without a valid token');
  if (endpoint.access === 'company') {
    const refused = endpoint.permission === 'any' || endpoint.permission === 'self' ? [] : ['the permission'];
    if (!endpoint.allowUnapproved) refused.push('an approved agency');
    if (refused.length) errors.push(`403 without ${refused.join(' or ')}`);
  }
  if (endpoint.path.includes('{')) errors.push("404 for a missing id or another agency's");
  if (takesInput) errors.push('422 with `data.errors` by field path');
  if (endpoint.multipart) errors.push('413 for a file over its limit, 415 for a file of another type');
  if (endpoint.idempotent)
    errors.push('409 while the same `Idempotency-Key` is in flight, 422 for the key with another body');
  return errors;
}

function renderEndpoint(endpoint: Endpoint, schema: RouteSchema): string {
  const status = endpoint.successStatus ?? 200;
  const facts = [`- **Access:** ${ACCESS[endpoint.access]}`];
  const permission = permissionText(endpoint);
  if (permission) facts.push(`- **Permission:** ${permission}`);
  if (endpoint.allowUnapproved) facts.push('- **Before approval:** allowed (onboarding)');
  if (endpoint.idempotent)
    facts.push('- **Idempotent:** honours an optional `Idempotency-Key` header (24 hours)');
  if (endpoint.multipart) facts.push('- **Body:** `multipart/form-data` (text fields and files)');
  if (endpoint.fallbackMessage) facts.push(`- **Fallback message:** "${endpoint.fallbackMessage}"`);
  if (endpoint.suppressErrors) facts.push('- **Errors:** not shown to the user by the SPA');
  const takesInput = Boolean(schema.params || schema.querystring || schema.body || endpoint.multipart);
  facts.push(
    `- **Success:** ${status}; **errors:** ${errorsOf(endpoint, takesInput).join('; ') || 'none of its own'}`,
  );

  const blocks: string[] = [];
  const block = (title: string, part: JsonSchema | undefined) => {
    // `text`, not `ts`: the notation only looks like TypeScript, and formatters must leave it be.
    if (part) blocks.push(`${title}:\n\n\`\`\`text\n${render(part, '')}\n\`\`\``);
  };
  block('Path', schema.params);
  block('Query', schema.querystring);
  if (!endpoint.multipart) block('Body', schema.body);
  const data = schema.response[String(status)]?.properties?.data;
  // The contract's `unknown` answers are the files a handler sends itself (documents, images, PDFs).
  if (!data || Object.keys(data).length === 0)
    blocks.push('Answers the file itself with its content type, not a JSON envelope.');
  else block('`data`', data);
  return [
    `#### \`${endpoint.method} ${endpoint.path}\``,
    '',
    endpoint.summary,
    '',
    facts.join('\n'),
    '',
    ...blocks.flatMap((b) => [b, '']),
  ].join('\n');
}

/** The generated part of docs/api.md: every endpoint of the contract, by section. */
export async function renderApiReference(): Promise<string> {
  const tables = endpointTables();
  const schemas = await routeSchemas(tables.flatMap((table) => table.endpoints));
  const lines = [
    '## Endpoints',
    '',
    `${tables.reduce((sum, table) => sum + table.endpoints.length, 0)} endpoints, by the contract's tables. Types are`,
    'TypeScript-like: `?` marks an optional member, `string(1–200)` a length, `integer(≥ 0)` a bound,',
    '`string(uuid)` a format; `data` is what the success envelope carries.',
    '',
  ];
  for (const table of tables) {
    lines.push(`### ${sectionTitle(table.name)}`, '');
    for (const endpoint of table.endpoints) lines.push(renderEndpoint(endpoint, schemas.get(endpoint)!));
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

export const GENERATED_START =
  '<!-- generated by `npm run docs:api` from the contract: do not edit below -->';

/** docs/api.md with its generated part replaced (the hand-written part above the marker kept). */
export function withReference(document: string, reference: string): string {
  const at = document.indexOf(GENERATED_START);
  const head = at === -1 ? `${document.trimEnd()}\n\n` : document.slice(0, at);
  return `${head}${GENERATED_START}\n\n${reference}`;
}
