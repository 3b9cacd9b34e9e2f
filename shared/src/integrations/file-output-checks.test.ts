import { describe, expect, it } from 'vitest';
import { createIntegrationAssignment } from './editing';
import {
  checkEmailRecipients,
  checkFileOutput,
  checkOutputFields,
  unknownFilenamePlaceholders,
} from './file-output-checks';
import type { IntegrationAssignment } from './integration-assignment';

const NOW = new Date(Date.UTC(2026, 3, 1));
const email = (over: Partial<IntegrationAssignment> = {}): IntegrationAssignment => ({
  ...createIntegrationAssignment('email-output', { templateName: 'T', now: NOW }),
  id: 'TEMP_mail',
  name: 'Weekly mail',
  ...over,
});
const ids = (issues: { messageId: string }[]) => issues.map((i) => i.messageId);

describe('unknownFilenamePlaceholders', () => {
  it('accepts the four placeholders of spec 03 §5 and free text', () => {
    expect(
      unknownFilenamePlaceholders('report-{template_name}_{submission_name}_{submitted_at}_{submitted_by}'),
    ).toEqual([]);
  });

  it('names each unknown placeholder once, as written', () => {
    expect(unknownFilenamePlaceholders('{template_name}_{date}_{Template_Name}_{date}_{}')).toEqual([
      '{date}',
      '{Template_Name}',
      '{}',
    ]);
  });
});

describe('checkFileOutput', () => {
  it('passes the defaults of a new email output (csv, comma, template name and submitted time)', () => {
    expect(checkFileOutput(email())).toEqual([]);
  });

  it('needs a file type, a delimiter for CSV and a filename pattern with known placeholders', () => {
    expect(ids(checkFileOutput(email({ file_type: [] })))).toEqual(['fileTypeRequired']);
    expect(ids(checkFileOutput(email({ file_type: ['csv'], delimiter: null })))).toEqual([
      'delimiterRequired',
    ]);
    expect(checkFileOutput(email({ file_type: ['xlsx', 'json'], delimiter: null }))).toEqual([]);
    expect(ids(checkFileOutput(email({ filename_pattern: '  ' })))).toEqual(['filenamePatternRequired']);
    expect(checkFileOutput(email({ filename_pattern: 'export_{week}' }))).toEqual([
      {
        type: 'ERROR',
        messageId: 'filenamePlaceholderUnknown',
        params: { name: 'Weekly mail', placeholder: '{week}' },
        step: 'connect',
        integrationId: 'TEMP_mail',
      },
    ]);
  });
});

describe('checkEmailRecipients', () => {
  it('passes with a recipient in to, cc or bcc, or with send-to-submitter on', () => {
    const off = { sendToSubmitter: 0 };
    expect(checkEmailRecipients(email())).toEqual([]);
    for (const key of ['to', 'cc', 'bcc'])
      expect(checkEmailRecipients(email({ metadata: { ...off, [key]: ['a@example.com'] } }))).toEqual([]);
    expect(checkEmailRecipients(email({ metadata: { ...off, to: '["a@example.com"]' } }))).toEqual([]);
  });

  it('fails when nobody would receive the email', () => {
    expect(
      ids(checkEmailRecipients(email({ metadata: { to: [], cc: [], bcc: [], sendToSubmitter: 0 } }))),
    ).toEqual(['emailRecipientRequired']);
    expect(ids(checkEmailRecipients(email({ metadata: { to: 'not json', sendToSubmitter: '0' } })))).toEqual([
      'emailRecipientRequired',
    ]);
  });
});

describe('checkOutputFields', () => {
  const field = { id: 4, name: 'Brand', display: '', isHidden: false, isMeta: false, readOnly: false };
  it('asks a custom report for at least one selected field', () => {
    expect(ids(checkOutputFields(email({ report_type: 'custom' })))).toEqual(['outputFieldsRequired']);
    expect(
      ids(
        checkOutputFields(
          email({ report_type: 'custom', included_output_fields: [{ ...field, selected: false }] }),
        ),
      ),
    ).toEqual(['outputFieldsRequired']);
    expect(
      checkOutputFields(
        email({ report_type: 'custom', included_output_fields: [{ ...field, selected: true }] }),
      ),
    ).toEqual([]);
  });

  it('asks nothing of a default report, which holds every field', () => {
    expect(checkOutputFields(email({ report_type: 'default' }))).toEqual([]);
  });
});
