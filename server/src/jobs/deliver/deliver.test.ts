import { describe, expect, it } from 'vitest';
import { qrSettings } from '../../integrations/qr-code-monkey/deliverer';
import { DELIVERABLE_SLUGS } from '../../integrations/registry';
import { snowflakeLoadStatements } from '../../integrations/snowflake/deliverer';
import { DeliveryError } from '../delivery';
import { DELIVERERS } from './index';

describe('the deliverer registry', () => {
  it('has one deliverer per deliverable slug, the three Box slugs sharing one', () => {
    expect(Object.keys(DELIVERERS).sort()).toEqual([...DELIVERABLE_SLUGS].sort());
    expect(DELIVERERS['box-push']).toBe(DELIVERERS['box-push-v2']);
  });
});

describe('Snowflake load statements', () => {
  it('create the table once and MERGE each batch on CV_ID with one binding per value', () => {
    const rows = [
      ['cv-1', 'Spring', 'a"b'],
      ['cv-2', 'Summer', ''],
      ['cv-3', 'Fall', 'x'],
    ];
    const [create, first, second] = snowflakeLoadStatements('CODES', ['Campaign', 'Say "hi"'], rows, 2);
    expect(create!.statement).toBe(
      'CREATE TABLE IF NOT EXISTS "CODES" ("CV_ID" VARCHAR NOT NULL, "Campaign" VARCHAR, "Say ""hi""" VARCHAR)',
    );
    expect(first!.statement).toBe(
      'MERGE INTO "CODES" t USING (SELECT column1 AS "CV_ID", column2 AS "Campaign", column3 AS "Say ""hi""" ' +
        'FROM VALUES (?, ?, ?), (?, ?, ?)) s ON t."CV_ID" = s."CV_ID" ' +
        'WHEN MATCHED THEN UPDATE SET t."Campaign" = s."Campaign", t."Say ""hi""" = s."Say ""hi""" ' +
        'WHEN NOT MATCHED THEN INSERT ("CV_ID", "Campaign", "Say ""hi""") VALUES (s."CV_ID", s."Campaign", s."Say ""hi""")',
    );
    expect(first!.bindings.map((b) => b.value)).toEqual(['cv-1', 'Spring', 'a"b', 'cv-2', 'Summer', '']);
    expect(second!.bindings).toHaveLength(3);
  });
});

describe('QR settings (spec 03 §5 "QR code settings")', () => {
  it('read the type, file type, size and config with their defaults', () => {
    expect(
      qrSettings({ qr_code_monkey_size: '400', qr_code_monkey_config: '{"body":"circle"}' }),
    ).toMatchObject({
      type: 'classic',
      fileType: 'png',
      size: 400,
      config: { body: 'circle' },
      useShortened: false,
      dontRegenerate: false,
    });
  });
  it('refuse a size under 300, a config key QRCode Monkey does not take and bad JSON, as permanent failures', () => {
    const fail = (metadata: Record<string, unknown>) => {
      try {
        qrSettings(metadata);
      } catch (error) {
        expect(error).toBeInstanceOf(DeliveryError);
        expect((error as DeliveryError).permanent).toBe(true);
        return (error as Error).message;
      }
      throw new Error('no failure');
    };
    expect(fail({ qr_code_monkey_size: 299 })).toBe(
      'The QR size must be a whole number of at least 300 (it is 299)',
    );
    expect(fail({ qr_code_monkey_config: '{"colour":"red"}' })).toBe(
      'The QR config has the key "colour", which QRCode Monkey does not take',
    );
    expect(fail({ qr_code_monkey_config: '{' })).toBe('The QR config is not a JSON object');
    expect(fail({ qr_code_monkey_file_type: 'gif' })).toBe(
      'The QR file type "gif" is not one of png, svg, pdf, eps',
    );
  });
});
