/**
 * Statements prepared once per connection and afterwards only executed, for the few reads that
 * run on nearly every request (the session check of every call, the seats of every search). On
 * the embedded store planning such a read costs several times what running it does (a three-table
 * session look-up: ~0.5 ms planned each time, ~0.08 ms prepared). Everything else speaks Kysely.
 *
 * Parameters are text or text arrays; the SQL casts them (`$1::uuid`, `$2::text[]::date[]`).
 */
export type PreparedStatement<Row> = {
  /** Unique per statement; a connection prepares it under this name once. */
  name: string;
  sql: string;
  params: readonly PreparedParam[];
  /** Only carries the row type. */
  readonly row?: Row;
};

export type PreparedParam = 'text' | 'text[]';
export type PreparedValue = string | readonly string[];

export function preparedStatement<Row>(
  name: string,
  params: readonly PreparedParam[],
  sql: string,
): PreparedStatement<Row> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a statement name: ${name}`);
  return { name, params, sql };
}

/**
 * A string as an SQL literal. With standard_conforming_strings (PostgreSQL's default since 9.1,
 * PGlite's too), doubling the quotes is the whole escape; NUL cannot be stored in text at all.
 */
function quoteText(value: string): string {
  if (value.includes('\0')) throw new Error('Text parameters cannot hold NUL');
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * `EXECUTE name(…)` with its arguments as literals: EXECUTE takes no bind parameters. Every
 * value is checked against the statement's parameter kinds, so nothing but a quoted literal
 * reaches the SQL.
 */
export function executeStatement(
  statement: PreparedStatement<unknown>,
  values: readonly PreparedValue[],
): string {
  if (values.length !== statement.params.length) {
    throw new Error(`${statement.name} takes ${statement.params.length} parameters, got ${values.length}`);
  }
  const literals = statement.params.map((kind, index) => {
    const value = values[index];
    if (kind === 'text' && typeof value === 'string') return quoteText(value);
    if (kind === 'text[]' && Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      return `array[${value.map(quoteText).join(',')}]::text[]`;
    }
    throw new Error(`${statement.name}: parameter ${index + 1} must be ${kind}`);
  });
  return `execute ${statement.name}(${literals.join(', ')})`;
}

export const prepareStatement = (statement: PreparedStatement<unknown>) =>
  `prepare ${statement.name} as ${statement.sql}`;
