import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../../test/support/stores.js';

/**
 * `schema.ts` is typed by hand (its column types say more than the database can: status unions,
 * JSON shapes, what an insert may leave out). This test holds it to the migrated database, so a
 * migration that adds, drops or changes a column fails here until the types follow.
 */

/** What a column can be told apart by on both sides. */
type Kind = 'string' | 'number' | 'boolean' | 'date' | 'array' | 'json';
/** `unknown` admits null, so a column typed `unknown` agrees with either nullability. */
type Column = { kind: Kind; nullable: boolean | 'either' };
type Tables = Record<string, Record<string, Column>>;

/** The store's readers (store.ts): int8 reads as a number, `date` stays 'YYYY-MM-DD' text. */
const KIND_OF_UDT: Record<string, Kind> = {
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  citext: 'string',
  inet: 'string',
  date: 'string',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float8: 'number',
  // numeric reads back as text (exact decimals): an invoice's tax rate.
  numeric: 'string',
  bool: 'boolean',
  timestamptz: 'date',
  timestamp: 'date',
  jsonb: 'json',
  json: 'json',
};

const BOOKKEEPING_TABLES = new Set(['schema_migrations']);

async function databaseTables(store: TestStore): Promise<Tables> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    udt_name: string;
    is_nullable: string;
  }>`
    select c.table_name, c.column_name, c.udt_name, c.is_nullable
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
  `.execute(store.db);
  const tables: Tables = {};
  for (const row of rows) {
    if (BOOKKEEPING_TABLES.has(row.table_name)) continue;
    const kind = row.udt_name.startsWith('_') ? 'array' : KIND_OF_UDT[row.udt_name];
    if (!kind)
      throw new Error(`${row.table_name}.${row.column_name}: no TypeScript kind for ${row.udt_name}`);
    const columns = tables[row.table_name] ?? {};
    columns[row.column_name] = { kind, nullable: row.is_nullable === 'YES' };
    tables[row.table_name] = columns;
  }
  return tables;
}

/** Reads `Database` out of schema.ts with the compiler: tables, columns, their select types. */
function declaredTables(): Tables {
  const file = fileURLToPath(new URL('./schema.ts', import.meta.url));
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error('schema.ts not found');
  const module = checker.getSymbolAtLocation(source);
  const database = module && checker.getExportsOfModule(module).find((symbol) => symbol.name === 'Database');
  if (!database) throw new Error('schema.ts exports no Database type');

  const tables: Tables = {};
  for (const table of checker.getDeclaredTypeOfSymbol(database).getProperties()) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, source);
    const columns: Record<string, Column> = {};
    for (const column of tableType.getProperties()) {
      let type = checker.getTypeOfSymbolAtLocation(column, source);
      // Kysely's ColumnType<S, I, U> (and Generated<T>) carry what a select reads as `__select__`.
      const selected = type.getProperty('__select__');
      if (selected) type = checker.getTypeOfSymbolAtLocation(selected, source);
      columns[column.name] = describeType(checker, type, `${table.name}.${column.name}`);
    }
    tables[table.name] = columns;
  }
  return tables;
}

function describeType(checker: ts.TypeChecker, type: ts.Type, where: string): Column {
  const parts = type.isUnion() ? type.types : [type];
  const loose = parts.some((part) => part.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any));
  const nullable = loose ? 'either' : parts.some((part) => part.flags & ts.TypeFlags.Null);
  const kinds = new Set<Kind>();
  for (const part of parts) {
    if (part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) continue;
    if (part.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) kinds.add('json');
    else if (part.flags & ts.TypeFlags.StringLike) kinds.add('string');
    else if (part.flags & ts.TypeFlags.NumberLike) kinds.add('number');
    else if (part.flags & ts.TypeFlags.BooleanLike) kinds.add('boolean');
    else if (checker.isArrayType(part)) kinds.add('array');
    else if (part.getSymbol()?.name === 'Date') kinds.add('date');
    else kinds.add('json');
  }
  if (kinds.size !== 1) throw new Error(`${where}: a column type should be one kind, found ${[...kinds]}`);
  return { kind: [...kinds][0] as Kind, nullable };
}

/** A JSON column may be declared as its shape (an object or array type) or as unknown. */
const agrees = (declared: Column, actual: Column) =>
  (declared.nullable === 'either' || declared.nullable === actual.nullable) &&
  (declared.kind === actual.kind || (actual.kind === 'json' && declared.kind === 'array'));

describe.each(storeKinds())('schema.ts against the migrated store on %s', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(kind);
  });
  afterAll(() => store.dispose());

  it('declares every table and column the migrations make, with their kind and nullability', async () => {
    const actual = await databaseTables(store);
    const declared = declaredTables();
    expect(Object.keys(declared).sort()).toEqual(Object.keys(actual).sort());
    const mismatches: string[] = [];
    for (const [table, columns] of Object.entries(actual)) {
      const declaredColumns = declared[table] ?? {};
      const names = new Set([...Object.keys(columns), ...Object.keys(declaredColumns)]);
      for (const name of names) {
        const want = columns[name];
        const have = declaredColumns[name];
        if (!want) mismatches.push(`${table}.${name} is typed but no migration makes it`);
        else if (!have) mismatches.push(`${table}.${name} (${want.kind}) is missing from schema.ts`);
        else if (!agrees(have, want)) {
          mismatches.push(
            `${table}.${name}: schema.ts ${JSON.stringify(have)}, database ${JSON.stringify(want)}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
