import { describe, expect, it } from 'vitest';
import { checkIntegrations } from './checks';
import { CLASSIFICATION_CONFIDENCE_KEY, CONTENT_ID_CATEGORY_ID } from './classification-mapping';
import { createIntegrationAssignment } from './editing';
import type { IntegrationAssignment, MappingField } from './integration-assignment';
import type { IntegrationCheckContext } from './issues';
import { integrationMessageText } from './messages';

const NOW = new Date(Date.UTC(2026, 10, 23));
const context: IntegrationCheckContext = {
  templateName: 'T',
  hasLinkField: true,
  isAutoSubmitOn: false,
  templateFieldIds: [1],
  featureFlags: [],
  hasCreativeField: true,
  hasClassificationSourceUrl: true,
  now: NOW,
};

/** A complete AEM inbound assignment mapping `category` as a classification. */
function withClassification(category: number, metadata: Record<string, unknown> = {}): IntegrationAssignment {
  const a = createIntegrationAssignment('adobe-experience-manager-inbound', { templateName: 'T', now: NOW });
  const row: MappingField = {
    fieldName: 'asset_labels',
    cvFieldId: category,
    required: false,
    type: 'integration_field',
    source_type: 'template_classification',
  };
  return {
    ...a,
    connector_id: 3,
    metadata: {
      ...a.metadata,
      aem_data_type: 'file_assets',
      ...(metadata as IntegrationAssignment['metadata']),
    },
    mapping_fields: [row],
  };
}
const texts = (a: IntegrationAssignment, ctx: Partial<IntegrationCheckContext> = {}) =>
  checkIntegrations([a], { ...context, ...ctx }).map((i) => integrationMessageText(i.messageId, i.params));

describe('classification mappings (spec 03 §5 Content ID, classifications source URL, §9 confidence)', () => {
  it('passes with a content comprehension field and a source-URL field', () => {
    expect(texts(withClassification(CONTENT_ID_CATEGORY_ID))).toEqual([]);
    expect(texts(withClassification(1, { [CLASSIFICATION_CONFIDENCE_KEY]: 80 }))).toEqual([]);
  });

  it('refuses Content ID without a content comprehension field, in the tooltip words', () => {
    expect(texts(withClassification(CONTENT_ID_CATEGORY_ID), { hasCreativeField: false })).toEqual([
      'Add a Content Comprehension field to this template to enable Content ID',
    ]);
    // Other categories do not need it.
    expect(texts(withClassification(1), { hasCreativeField: false })).toEqual([]);
  });

  it('asks for the classifications source URL when no field is one', () => {
    expect(texts(withClassification(2), { hasClassificationSourceUrl: false })).toEqual([
      'Choose a Classifications Source URL below.',
    ]);
  });

  it('asks nothing of mappings without classifications', () => {
    const plain = withClassification(2);
    const fieldOnly = {
      ...plain,
      mapping_fields: plain.mapping_fields.map((m) => ({ ...m, source_type: 'field' as const })),
    };
    expect(texts(fieldOnly, { hasClassificationSourceUrl: false, hasCreativeField: false })).toEqual([]);
  });

  it('needs a confidence that is a whole number from 0 to 100', () => {
    for (const bad of [101, -1, 12.5, 'high'])
      expect(texts(withClassification(1, { [CLASSIFICATION_CONFIDENCE_KEY]: bad }))).toEqual([
        'Adobe Experience Manager inbound: the confidence must be a whole number from 0 to 100',
      ]);
    expect(texts(withClassification(1, { [CLASSIFICATION_CONFIDENCE_KEY]: 0 }))).toEqual([]);
  });
});
