import {
  AppError,
  csvLine,
  type DownloadableReport,
  defaultGlobalRange,
  defaultUsageRange,
  type downloadQuerySchema,
  formulaSafeSql,
  likePattern,
  reportFileName,
  todayIn,
  UTF8_BOM,
} from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Response } from 'express';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { withConnection } from '../../db/connection';
import { streamXlsx, XLSX_CONTENT_TYPE } from '../../files/xlsx';
import type { Actor, AppDeps } from '../../http/context';
import * as repo from './reports.repository';

/** Rows fetched from the cursor at a time (embedded database, and every XLSX). */
export const DOWNLOAD_FETCH_ROWS = 2000;

type DownloadQuery = z.output<typeof downloadQuerySchema>;

/** The reports a date range applies to, with their default range. */
const RANGED: Partial<Record<DownloadableReport, 'usage' | 'global'>> = {
  usage: 'usage',
  submissions: 'usage',
  global: 'global',
};

/**
 * A SQL literal of a bound parameter, for statements that take none (COPY, DECLARE): numbers as
 * written, text quoted with its quotes doubled (standard_conforming_strings is on in every
 * supported PostgreSQL and in PGlite, so backslashes are plain characters). Values reach here
 * already validated by the contract (dates, IANA zones, text without U+0000).
 */
export function sqlLiteral(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  throw new Error(`Unsupported SQL parameter ${typeof value}`);
}

/** The compiled query with its parameters written in as literals. */
function inlineSql(db: Kysely<Database>, query: repo.DownloadQuerySql['query']): string {
  const compiled = query.compile(db);
  return compiled.sql.replace(/\$(\d+)/g, (_, n: string) => sqlLiteral(compiled.parameters[Number(n) - 1]));
}

/** Waits until `res` can take more when its buffer is full (back-pressure), or it closed. */
function drained(res: Response): Promise<void> | undefined {
  if (!res.writableNeedDrain) return undefined;
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/**
 * Streams a report as a file (spec 01 §7 downloads; issue 13 item 6): CSV (UTF-8 with BOM, RFC
 * 4180 quoting, LF line ends) or XLSX (the one XLSX writer, server/src/files/xlsx.ts, streaming).
 * On PostgreSQL a CSV comes from COPY ... TO STDOUT straight into the response; on the embedded
 * database, and for XLSX, rows come from a server-side cursor DOWNLOAD_FETCH_ROWS at a time, so no
 * report is held whole in memory.
 * Formula-like text gets a leading `'` unless `q.raw` (README "CSV files and formula cells"): in
 * the one CSV writer on the cursor path, in the writer's SQL twin ({@link formulaSafeSql}) inside
 * the COPY, so PostgreSQL still streams the file; XLSX cells are values, never formulas.
 * The file name says what and when. 403 for the global report without its flag; 400 for the
 * search report without a term (naming query.term).
 */
export async function writeDownload(
  deps: AppDeps,
  actor: Actor,
  report: DownloadableReport,
  q: DownloadQuery,
  res: Response,
  now: Date = new Date(),
): Promise<void> {
  if (report === 'global' && !actor.features.includes('global-report')) {
    throw new AppError('FORBIDDEN', 'The global-report feature is not enabled for this account');
  }
  const term = q.term ?? '';
  if (report === 'search' && term === '') {
    throw new AppError('BAD_REQUEST', 'query.term: Type something to search for', [
      { path: 'query.term', message: 'Type something to search for' },
    ]);
  }
  const asOf = todayIn(q.tz, now);
  const kind = RANGED[report];
  const fallback = kind === 'global' ? defaultGlobalRange(q.tz, now) : defaultUsageRange(q.tz, now);
  const range = { from: q.from ?? fallback.from, to: q.to ?? fallback.to };
  if (range.from > range.to) {
    throw new AppError('BAD_REQUEST', 'query.from: from must not be after to', [
      { path: 'query.from', message: 'from must not be after to' },
    ]);
  }
  const definition = repo.downloadQuery(report, actor.accountId, {
    ...range,
    tz: q.tz,
    pattern: likePattern(term),
  });
  const fileName = reportFileName(report, q.format, {
    range: kind ? range : undefined,
    asOf,
    term: report === 'search' ? term : undefined,
  });
  res.status(200);
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const text = inlineSql(deps.db, definition.query);
  if (q.format === 'csv') {
    res.type('text/csv; charset=utf-8');
    res.write(UTF8_BOM);
    const options = { raw: q.raw === true };
    if (deps.pool) await copyCsv(deps, q.raw ? text : formulaSafeSelect(text, definition.columns), res);
    else
      await cursorRows(
        deps.db,
        text,
        res,
        (rows) => rows.map((r) => csvLine(Object.values(r), options)).join(''),
        definition.columns,
        options,
      );
  } else {
    res.type(XLSX_CONTENT_TYPE);
    await writeXlsx(deps.db, text, definition.columns, report, res);
  }
}

/** A double-quoted SQL identifier. */
function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * `text` wrapped so each of its `columns` passes through the formula rule in SQL
 * ({@link formulaSafeSql}), under the same names, for PostgreSQL's own CSV writer (COPY).
 */
export function formulaSafeSelect(text: string, columns: readonly string[]): string {
  const list = columns.map((c) => `${formulaSafeSql(`r.${quoteIdent(c)}`)} as ${quoteIdent(c)}`);
  return `select ${list.join(', ')} from (${text}) r`;
}

/** COPY (query) TO STDOUT as CSV with its header into `res`, honouring back-pressure. */
async function copyCsv(deps: AppDeps, text: string, res: Response): Promise<void> {
  await withConnection(deps, async (_db, client) => {
    if (!client) throw new Error('COPY needs a PostgreSQL connection');
    const stream = repo.copyDownloadCsv(client, text);
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (res.destroyed) break;
        if (!res.write(chunk)) await drained(res);
      }
    } finally {
      if (!stream.destroyed) stream.destroy();
    }
  });
  res.end();
}

/**
 * Reads `text` through a server-side cursor in a read-only transaction, DOWNLOAD_FETCH_ROWS rows at
 * a time; for CSV writes the header then each batch encoded by `encode`.
 */
async function cursorRows(
  db: Kysely<Database>,
  text: string,
  res: Response,
  encode: (rows: Record<string, unknown>[]) => string,
  columns: readonly string[],
  options: { raw: boolean },
): Promise<void> {
  res.write(csvLine(columns, options));
  await eachBatch(db, text, async (rows) => {
    if (!res.write(encode(rows))) await drained(res);
  });
  res.end();
}

/** Calls `onBatch` with each batch of the query's rows from a cursor, until done or the client left. */
async function eachBatch(
  db: Kysely<Database>,
  text: string,
  onBatch: (rows: Record<string, unknown>[]) => Promise<void>,
  isClosed: () => boolean = () => false,
): Promise<void> {
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      await repo.openDownloadCursor(trx, text);
      for (;;) {
        const rows = await repo.fetchDownloadRows(trx, DOWNLOAD_FETCH_ROWS);
        if (rows.length > 0) await onBatch(rows);
        if (rows.length < DOWNLOAD_FETCH_ROWS || isClosed()) break;
      }
      await repo.closeDownloadCursor(trx);
    });
}

/** The report as one XLSX sheet named after it, rows written as they come (the one XLSX writer). */
async function writeXlsx(
  db: Kysely<Database>,
  text: string,
  columns: readonly string[],
  report: string,
  res: Response,
): Promise<void> {
  const sheet = streamXlsx(res, { sheetName: report });
  sheet.addRow(columns);
  await eachBatch(
    db,
    text,
    async (rows) => {
      for (const row of rows) sheet.addRow(Object.values(row));
      await drained(res);
    },
    () => res.destroyed,
  );
  await sheet.end();
}
