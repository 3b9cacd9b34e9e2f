import { createHash } from 'node:crypto';
import {
  defaultSnowflakeTableName,
  integrationMessageText,
  outputColumns,
  snowflakeTableNameError,
  transformValue,
} from '@nomen/shared';
import { type Deliverer, deliveryFailure, metadataText } from '../../jobs/deliver/context';
import { DeliveryError } from '../../jobs/delivery';
import {
  quoteIdentifier,
  type SnowflakeBinding,
  SnowflakeClient,
  snowflakeAccountOf,
  snowflakeKeyPairJwt,
} from './client';

/** Rows per MERGE statement (each row binds one value per column). */
export const SNOWFLAKE_BATCH_ROWS = 500;

/** The key column every Nomen table has: the row's cv_id, which MERGE matches on. */
export const SNOWFLAKE_KEY_COLUMN = 'CV_ID';

/** A UUID derived from `text` (the SQL API's requestId), the same for the same text. */
function uuidFrom(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Column names: the output headers, each once (a repeat gets _2, _3…), never the key column. */
function columnNames(headers: readonly string[]): string[] {
  const seen = new Set([SNOWFLAKE_KEY_COLUMN.toUpperCase()]);
  return headers.map((header) => {
    const base = header.trim() || 'COLUMN';
    let name = base;
    for (let i = 2; seen.has(name.toUpperCase()); i++) name = `${base}_${i}`;
    seen.add(name.toUpperCase());
    return name;
  });
}

/**
 * The CREATE TABLE IF NOT EXISTS and MERGE statements that load `rows` (cv_id, then one text
 * value per column) into `table`: MERGE on CV_ID updates a row loaded before and inserts a new
 * one, so a retried load leaves each row once. Answers the statements with their bindings.
 */
export function snowflakeLoadStatements(
  table: string,
  columns: readonly string[],
  rows: readonly (readonly string[])[],
  batchRows = SNOWFLAKE_BATCH_ROWS,
): { statement: string; bindings: SnowflakeBinding[] }[] {
  const t = quoteIdentifier(table);
  const all = [SNOWFLAKE_KEY_COLUMN, ...columns].map(quoteIdentifier);
  const create = `CREATE TABLE IF NOT EXISTS ${t} (${all.map((c, i) => `${c} VARCHAR${i === 0 ? ' NOT NULL' : ''}`).join(', ')})`;
  const out: { statement: string; bindings: SnowflakeBinding[] }[] = [{ statement: create, bindings: [] }];
  const placeholders = `(${all.map(() => '?').join(', ')})`;
  const source = all.map((c, i) => `column${i + 1} AS ${c}`).join(', ');
  const set = all
    .slice(1)
    .map((c) => `t.${c} = s.${c}`)
    .join(', ');
  for (let i = 0; i < rows.length; i += batchRows) {
    const batch = rows.slice(i, i + batchRows);
    const statement =
      `MERGE INTO ${t} t USING (SELECT ${source} FROM VALUES ${batch.map(() => placeholders).join(', ')}) s ` +
      `ON t.${all[0]} = s.${all[0]} ` +
      (set ? `WHEN MATCHED THEN UPDATE SET ${set} ` : '') +
      `WHEN NOT MATCHED THEN INSERT (${all.join(', ')}) VALUES (${all.map((c) => `s.${c}`).join(', ')})`;
    out.push({
      statement,
      bindings: batch.flatMap((row) => row.map((value) => ({ type: 'TEXT' as const, value }))),
    });
  }
  return out;
}

/**
 * The snowflake-push deliverer (issue 12 item 4; spec 03 §5 "Snowflake table name"): loads the
 * submission's rows into the table named by the assignment's tableName (default: the template name
 * sanitised) through the SQL API, one column per output column plus CV_ID. Each statement's
 * requestId is derived from the run and statement, and MERGE matches on CV_ID, so a retry loads
 * each row once. A bad table name, refused credentials and SQL errors (422) are permanent.
 */
export const snowflakeDeliverer: Deliverer = async (ctx) => {
  const connector = await ctx.connector();
  const c = connector.credentials;
  if (c.family !== 'data-warehouse') throw new DeliveryError('The account is not a Snowflake account', true);
  const table = metadataText(ctx.metadata, 'tableName') || defaultSnowflakeTableName(ctx.template.name);
  const problem = snowflakeTableNameError(table);
  if (problem)
    throw new DeliveryError(
      `The Snowflake table name "${table}" is not valid: ${integrationMessageText(problem)}`,
      true,
    );
  const url = (c.url ?? '').trim();
  if (!url)
    throw new DeliveryError(
      `"${connector.name}" has no Snowflake URL: complete it in Connected accounts`,
      true,
    );
  const keyPair = c.auth_type === 'key_pair';
  const user = (c.username ?? '').trim();
  let token: string;
  if (keyPair) {
    try {
      token = snowflakeKeyPairJwt({
        account: snowflakeAccountOf(url),
        user,
        privateKeyPem: c.private_key ?? '',
      });
    } catch (error) {
      throw deliveryFailure(error, 'Signing in to Snowflake');
    }
  } else token = c.password ?? '';
  const { providers } = ctx.deps.config;
  const client = new SnowflakeClient({
    fetch: ctx.deps.config.outbound.fetch,
    baseUrl: providers.snowflake.baseUrlFor(url),
    timeoutMs: providers.timeoutMs,
    tokenType: keyPair ? 'KEYPAIR_JWT' : 'PROGRAMMATIC_ACCESS_TOKEN',
    getAccessToken: async () => token,
  });
  const a = ctx.assignment;
  const columns = outputColumns(
    { report_type: a.report_type ?? 'default', included_output_fields: a.included_output_fields ?? [] },
    ctx.fields,
  );
  const names = columnNames(columns.map((col) => col.header));
  const rows = ctx.rows.map((row) => [
    row.cv_id,
    ...columns.map((col) => transformValue(row.data[col.key] ?? '', ctx.metadata)),
  ]);
  const statements = snowflakeLoadStatements(table, names, rows);
  const context = { warehouse: c.warehouse, database: c.database, schema: c.schema, role: c.role };
  for (const [i, s] of statements.entries()) {
    try {
      await client.execute(s.statement, {
        bindings: s.bindings,
        context,
        requestId: uuidFrom(`nomen-integration-run:${ctx.run.id}:${i}`),
        retry: ctx.run.attempts > 0,
      });
    } catch (error) {
      throw deliveryFailure(error, `Loading ${table} in Snowflake`);
    }
  }
  const where = [c.database, c.schema].filter(Boolean).join('.');
  return [`${where ? `${where}.` : ''}${table} (${rows.length} ${rows.length === 1 ? 'row' : 'rows'})`];
};
