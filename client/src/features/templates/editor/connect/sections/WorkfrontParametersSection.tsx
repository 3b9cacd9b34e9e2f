import { Alert, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { metadataText, type WorkfrontMappedField } from '@nomen/shared';
import { IconCloudOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { errorMessage } from '../../../../../api/errors';
import { SectionIssues } from '../SectionIssues';
import { useWorkfrontTemplate } from '../useProviderChoices';
import type { IntegrationSectionProps } from './sectionProps';
import { useTemplateFieldOptions } from './useTemplateFieldOptions';

/** The mapped parameters stored in metadata campaignDataMappedFields (spec 03 §3). */
function mappedFields(value: unknown): WorkfrontMappedField[] {
  return Array.isArray(value) ? (value as unknown as WorkfrontMappedField[]) : [];
}

/**
 * The Workfront trigger's parameter mapping (spec 03 §3 campaignDataMappedFields:
 * workfrontParameterId, workfrontParameterName, nomenTemplateFieldId, nomenTemplateFieldName): the
 * custom-form parameters of the chosen Workfront template (command getTemplate, spec 03 §7), each
 * with the template field it fills. Waits for the template; a failed load says so and keeps what is
 * mapped. A template change clears the mapping (spec 03 §4, in the family's resets).
 */
export function WorkfrontParametersSection({ assignment, editing, issues }: IntegrationSectionProps) {
  const templateId = metadataText(assignment.metadata, 'workfrontTemplateId');
  const template = useWorkfrontTemplate(assignment.connector_id, templateId);
  const fieldOptions = useTemplateFieldOptions();
  const mapped = mappedFields(assignment.metadata.campaignDataMappedFields);
  const parameters = useMemo(
    () =>
      (template.data?.objectCategories ?? []).flatMap((oc) =>
        oc.category.categoryParameters.map((cp) => ({
          id: cp.parameter.ID,
          name: cp.parameter.name,
          category: oc.category.name ?? '',
        })),
      ),
    [template.data],
  );
  const setField = (parameter: { id: string; name: string }, fieldId: string | null) => {
    const others = mapped.filter((m) => m.workfrontParameterId !== parameter.id);
    const field = fieldOptions.find((o) => o.value === fieldId);
    const next: WorkfrontMappedField[] =
      fieldId === null || !field
        ? others
        : [
            ...others,
            {
              workfrontParameterId: parameter.id,
              workfrontParameterName: parameter.name,
              nomenTemplateFieldId: Number(fieldId),
              nomenTemplateFieldName: field.label,
            },
          ];
    void editing.change({
      kind: 'metadata',
      key: 'campaignDataMappedFields',
      value: next as unknown as NonNullable<typeof assignment.metadata.campaignDataMappedFields>,
    });
  };

  let body: React.ReactNode;
  if (templateId === '' || assignment.connector_id === null)
    body = (
      <Text size="sm" c="dimmed">
        Choose a Workfront template to map its parameters to template fields.
      </Text>
    );
  else if (template.isPending) body = <Skeleton height={80} aria-label="Loading Workfront parameters" />;
  else if (template.isError)
    body = (
      <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} aria-hidden />} p="xs">
        The Workfront template's parameters could not be loaded (
        {errorMessage(template.error, 'unknown error')}).
        {mapped.length > 0 ? ` ${mapped.length} mapped parameters are kept.` : ''}
      </Alert>
    );
  else if (parameters.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        This Workfront template has no custom-form parameters.
      </Text>
    );
  else
    body = (
      <Table verticalSpacing={4} aria-label="Workfront parameters">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Workfront parameter</Table.Th>
            <Table.Th>Template field</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parameters.map((parameter) => {
            const current = mapped.find((m) => m.workfrontParameterId === parameter.id);
            return (
              <Table.Tr key={parameter.id}>
                <Table.Td>
                  <Text size="sm">{parameter.name}</Text>
                  {parameter.category ? (
                    <Text size="xs" c="dimmed">
                      {parameter.category}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    aria-label={`Template field for ${parameter.name}`}
                    placeholder="Not mapped"
                    searchable
                    clearable
                    data={fieldOptions}
                    value={current ? String(current.nomenTemplateFieldId) : null}
                    onChange={(value) => setField(parameter, value)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    );

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Parameter mapping
      </Text>
      {body}
      <SectionIssues issues={issues} />
    </Stack>
  );
}
