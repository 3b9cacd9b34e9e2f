import { AppError, csvLine } from '@nomen/shared';
import type { Response } from 'express';
import { streamXlsx, XLSX_CONTENT_TYPE } from '../../files/xlsx';
import type { Actor, AppDeps } from '../../http/context';
import * as repo from './audits.repository';
import { toFinding } from './audits.service';

/** The download's columns, in order. */
const HEADER = [
  'Object ID',
  'Name',
  'URL',
  'Platform',
  'Account',
  'Campaign',
  'Owner',
  'Verdict',
  'Reasons',
  'Suggested name',
  'Suggested URL',
  'Exception comment',
];

/**
 * Every finding of a run as CSV (UTF-8 with BOM, formula-like cells neutralised by `csvLine`) or
 * XLSX (the one XLSX writer: text cells are never formulas), named after the audit and run
 * (README "Audits"). 404 for another account's run.
 */
export async function downloadFindings(
  deps: AppDeps,
  actor: Actor,
  runId: number,
  format: 'csv' | 'xlsx',
  res: Response,
): Promise<void> {
  const run = await repo.findRun(deps.db, actor.accountId, runId);
  if (!run) throw AppError.notFound('Audit run');
  const rows = await repo.allFindings(deps.db, actor.accountId, runId, { q: '', reason: '', verdict: '' });
  const line = (row: (typeof rows)[number]) => {
    const f = toFinding(row);
    return [
      f.object_id,
      f.name,
      f.url,
      f.platform,
      f.ad_account,
      f.campaign,
      f.owner,
      f.verdict,
      f.reasons.map((r) => r.message).join('; '),
      f.suggested_name ?? '',
      f.suggested_url ?? '',
      f.exception_comment ?? '',
    ];
  };
  res.setHeader('Content-Disposition', `attachment; filename="audit-run-${runId}.${format}"`);
  res.setHeader('Cache-Control', 'no-store');
  if (format === 'csv') {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.write(`\uFEFF${csvLine(HEADER, { eol: '\r\n' })}`);
    for (const row of rows) if (!res.write(csvLine(line(row), { eol: '\r\n' }))) await drained(res);
    res.end();
    return;
  }
  res.setHeader('Content-Type', XLSX_CONTENT_TYPE);
  const sheet = streamXlsx(res, { sheetName: `Audit run ${runId}`, fallbackSheetName: 'Audit' });
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(line(row));
  await sheet.end();
}

function drained(res: Response): Promise<void> {
  return new Promise((resolve) => res.once('drain', () => resolve()));
}
