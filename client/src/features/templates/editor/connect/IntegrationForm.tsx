import { Alert, Divider, Stack, Text } from '@mantine/core';
import {
  type IntegrationAssignment,
  type IntegrationDefinition,
  type IntegrationIssue,
  type IntegrationSection,
  integrationIssueSection,
  integrationMessageText,
  integrationSectionKey,
  integrationSections,
} from '@nomen/shared';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Fragment, memo, type ReactNode, useMemo } from 'react';
import { useTemplateEditorEnvironment } from '../TemplateEditorContext';
import { SectionIssues } from './SectionIssues';
import { AccountSection } from './sections/AccountSection';
import { AwsStorageSection } from './sections/AwsStorageSection';
import { CustomBitlinkSection } from './sections/CustomBitlinkSection';
import { DataTypeSection } from './sections/DataTypeSection';
import { EmailSection } from './sections/EmailSection';
import { FieldMappingSection } from './sections/FieldMappingSection';
import { FileSettingsSection } from './sections/FileSettingsSection';
import { FiltersSection } from './sections/FiltersSection';
import { FolderFilterSection } from './sections/FolderFilterSection';
import { FolderSection } from './sections/FolderSection';
import { IdentifierFieldsSection } from './sections/IdentifierFieldsSection';
import { ImportFiltersSection } from './sections/ImportFiltersSection';
import { MetadataValueSection } from './sections/MetadataValueSection';
import { NameSection } from './sections/NameSection';
import { NotificationsSection } from './sections/NotificationsSection';
import { OutputFieldsSection } from './sections/OutputFieldsSection';
import { QrCodeSection } from './sections/QrCodeSection';
import { ReportTypeSection } from './sections/ReportTypeSection';
import { SnowflakeTableSection } from './sections/SnowflakeTableSection';
import { SyncScheduleSection } from './sections/SyncScheduleSection';
import type { IntegrationSectionProps } from './sections/sectionProps';
import { TransformsSection } from './sections/TransformsSection';
import { WorkfrontParametersSection } from './sections/WorkfrontParametersSection';
import type { IntegrationEditing } from './useIntegrationEditing';

/** The component of one section of the form (docs ARCHITECTURE "Integrations"). */
function renderSection(section: IntegrationSection, props: IntegrationSectionProps): ReactNode {
  switch (section.kind) {
    case 'name':
      return <NameSection {...props} />;
    case 'account':
      return <AccountSection {...props} />;
    case 'dataSelection':
      return (
        <DataTypeSection
          {...props}
          metadataKey={section.metadataKey}
          title={section.title}
          options={section.options}
        />
      );
    case 'dropdown':
      return (
        <MetadataValueSection
          {...props}
          metadataKey={section.metadataKey}
          title={section.title}
          dependsOn={section.dependsOn}
          source={section.source}
          isRequired={section.isRequired}
        />
      );
    case 'fieldMapping':
      return <FieldMappingSection {...props} title={section.title} />;
    case 'email':
      return <EmailSection {...props} />;
    case 'fileSettings':
      return <FileSettingsSection {...props} />;
    case 'transforms':
      return <TransformsSection {...props} />;
    case 'reportType':
      return <ReportTypeSection {...props} />;
    case 'outputFields':
      return <OutputFieldsSection {...props} />;
    case 'notifications':
      return <NotificationsSection {...props} />;
    case 'syncSchedule':
      return <SyncScheduleSection {...props} />;
    case 'folder':
      return <FolderSection {...props} />;
    case 'identifierFields':
      return <IdentifierFieldsSection {...props} />;
    case 'awsStorage':
      return <AwsStorageSection {...props} />;
    case 'snowflakeTable':
      return <SnowflakeTableSection {...props} />;
    case 'customBitlink':
      return <CustomBitlinkSection {...props} />;
    case 'filters':
      return <FiltersSection {...props} />;
    case 'importFilters':
      return <ImportFiltersSection {...props} />;
    case 'folderFilter':
      return <FolderFilterSection {...props} />;
    case 'qrCode':
      return <QrCodeSection {...props} />;
    case 'workfrontParameters':
      return <WorkfrontParametersSection {...props} />;
  }
}

/** Sections that start a new group of the form, after a divider. */
const GROUP_STARTS = new Set<IntegrationSection['kind']>([
  'email',
  'fileSettings',
  'notifications',
  'fieldMapping',
  'workfrontParameters',
]);

const NO_ISSUES: readonly IntegrationIssue[] = [];

/**
 * The configuration form of one integration assignment (spec 03 §2 "One configuration form per
 * integration assignment, chosen by slug"): the sections `integrationSections` composes from the
 * registry row and the account's flags — the email output's whole form, or the generic form of any
 * other slug; unknown slugs get the email output's (spec 03 §2). Each section shows the issues
 * `integrationIssueSection` places on it; issues about the integration as a whole come first,
 * after the "Not ready: …" notice of an integration still lacking settings (it is saved so and
 * does not run until they are chosen: shared/src/integrations/readiness.ts).
 */
export const IntegrationForm = memo(function IntegrationForm(props: {
  assignment: IntegrationAssignment;
  definition: IntegrationDefinition;
  editing: IntegrationEditing;
  issues: readonly IntegrationIssue[];
}) {
  const { me } = useTemplateEditorEnvironment();
  const { assignment, definition, editing, issues } = props;
  const sections = useMemo(() => integrationSections(definition, me.features), [definition, me.features]);
  const bySection = useMemo(() => {
    const keys = new Set(sections.map(integrationSectionKey));
    const map = new Map<string | null, IntegrationIssue[]>();
    for (const issue of issues) {
      if (issue.messageId === 'integrationNotReady') continue;
      const placed = integrationIssueSection(issue, definition);
      const key = placed !== null && keys.has(placed) ? placed : null;
      map.set(key, [...(map.get(key) ?? []), issue]);
    }
    return map;
  }, [issues, definition, sections]);

  const notReady = issues.find((issue) => issue.messageId === 'integrationNotReady');

  return (
    <Stack gap="md">
      {notReady ? (
        // No Alert title: it would label the alert with the missing settings' names, which are
        // the labels of the form's own inputs.
        <Alert color="orange" variant="light" icon={<IconPlugConnectedX size={18} aria-hidden />}>
          <Text size="sm" fw={600}>
            {integrationMessageText(notReady.messageId, notReady.params)}
          </Text>
          <Text size="sm">
            It is saved with the template as it is, and does not run until this is done and the template is
            saved again.
          </Text>
        </Alert>
      ) : null}
      <SectionIssues issues={bySection.get(null) ?? NO_ISSUES} />
      {sections.map((section, index) => {
        const key = integrationSectionKey(section);
        return (
          <Fragment key={key}>
            {index > 0 && GROUP_STARTS.has(section.kind) ? <Divider /> : null}
            <div data-section={key}>
              {renderSection(section, {
                assignment,
                definition,
                editing,
                issues: bySection.get(key) ?? NO_ISSUES,
              })}
            </div>
          </Fragment>
        );
      })}
    </Stack>
  );
});
