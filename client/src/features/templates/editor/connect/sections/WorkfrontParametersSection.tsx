import { Alert, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { metadataText, type WorkfrontMappedField } from '@nomen/shared';
import { IconCloudOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { errorMessage } from '../../../../../api/errors';
import { SectionIssues } from '../SectionIssues';
import { useWorkfrontTemplate } from '../useProviderChoices';
import type { IntegrationSectionProps } from './sectionProps';
import { useTemplateFieldOptions } from './useTemplateFieldOptions';
import {
  mappedFields,
  type WorkfrontParameter,
  withMappedParameter,
  workfrontParameters,
} from './workfrontMapping';

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
  const parameters = useMemo(() => workfrontParameters(template.data), [template.data]);
  const setField = (parameter: WorkfrontParameter, fieldId: string | null) => {
    const field = fieldId === null ? null : (fieldOptions.find((o) => o.value === fieldId) ?? null);
    void editing.change({
      kind: 'metadata',
      key: 'campaignDataMappedFields',
      value: withMappedParameter(mapped, parameter, field) as unknown as NonNullable<
        typeof assignment.metadata.campaignDataMappedFields
      >,
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
      <ParameterTable
        parameters={parameters}
        mapped={mapped}
        fieldOptions={fieldOptions}
        onFieldChange={setField}
      />
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

/** The parameters as a table named "Workfront parameters": each with its category and its template field. */
function ParameterTable(props: {
  parameters: readonly WorkfrontParameter[];
  mapped: readonly WorkfrontMappedField[];
  fieldOptions: ReturnType<typeof useTemplateFieldOptions>;
  onFieldChange: (parameter: WorkfrontParameter, fieldId: string | null) => void;
}) {
  return (
    <Table verticalSpacing={4} aria-label="Workfront parameters">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Workfront parameter</Table.Th>
          <Table.Th>Template field</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.parameters.map((parameter) => {
          const current = props.mapped.find((m) => m.workfrontParameterId === parameter.id);
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
                  data={props.fieldOptions}
                  value={current ? String(current.nomenTemplateFieldId) : null}
                  onChange={(value) => props.onFieldChange(parameter, value)}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
