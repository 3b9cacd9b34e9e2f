import {
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { useTargetFieldChoices } from '../api';
import { fieldFor, type TargetDraft, withFieldFor, withSameNamedFields } from '../targetDraft';

/** Props of FieldCompatibilityPanel. */
export interface FieldCompatibilityPanelProps {
  draft: TargetDraft;
  onChange: (next: TargetDraft) => void;
  /** The classification names of the chosen report, as Adobe lists them. */
  classifications: readonly string[];
  isLoading: boolean;
}

/**
 * The field-compatibility panel of an Adobe target (spec 01 §2.5): one row per classification of
 * the chosen report, with the field that feeds it (the target's fields) and whether it is mapped.
 * Mapped classifications are the ones a multi-target's report must offer to be compatible (all of
 * them while none is mapped). "Map same-named fields" maps each unmapped classification to the one
 * field of that name.
 */
export function FieldCompatibilityPanel({
  draft,
  onChange,
  classifications,
  isLoading,
}: FieldCompatibilityPanelProps) {
  const choices = useTargetFieldChoices();
  const fields = choices.data?.data ?? [];
  const data = fields.map((f) => ({
    value: String(f.id),
    label: f.group ? `${f.name} (${f.group})` : f.name,
  }));
  const mapped = classifications.filter((c) => fieldFor(draft, c) !== null).length;
  const canAutoMap =
    fields.length > 0 &&
    withSameNamedFields(draft, classifications, fields).target_fields.length !== draft.target_fields.length;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="field-compatibility-title">
      <Group justify="space-between" mb="sm">
        <Stack gap={2}>
          <Title order={2} size="h5" id="field-compatibility-title">
            Field compatibility
          </Title>
          <Text size="sm" c="dimmed">
            {classifications.length === 0
              ? 'Choose a report to see its classifications.'
              : `${mapped} of ${classifications.length} classifications have a field. Multi-targets must offer ${mapped > 0 ? 'the mapped classifications' : 'every classification'}.`}
          </Text>
        </Stack>
        <AutoMapButton
          canAutoMap={canAutoMap}
          onClick={() => onChange(withSameNamedFields(draft, classifications, fields))}
        />
      </Group>
      {choices.error ? (
        <QueryErrorAlert error={choices.error} what="the fields" onRetry={() => void choices.refetch()} />
      ) : null}
      {isLoading ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading classifications">
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : classifications.length > 0 ? (
        <CompatibilityTable draft={draft} onChange={onChange} classifications={classifications} data={data} />
      ) : null}
    </Paper>
  );
}

/** "Map same-named fields", saying why while it is disabled (spec 01 §2.5). */
function AutoMapButton({ canAutoMap, onClick }: { canAutoMap: boolean; onClick: () => void }) {
  return (
    <Tooltip
      label="No unmapped classification has exactly one field of the same name"
      disabled={canAutoMap}
      withArrow
      multiline
      maw={260}
    >
      {/* A disabled button gets no pointer events, so the tooltip hangs on a wrapper. */}
      <Box component="span" display="inline-block">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconWand size={14} aria-hidden />}
          disabled={!canAutoMap}
          onClick={onClick}
        >
          Map same-named fields
        </Button>
      </Box>
    </Tooltip>
  );
}

/** Props of CompatibilityTable. */
interface CompatibilityTableProps {
  draft: TargetDraft;
  onChange: (next: TargetDraft) => void;
  classifications: readonly string[];
  /** The target's fields as select choices. */
  data: { value: string; label: string }[];
}

/** One row per classification: its field select and whether it is mapped (spec 01 §2.5). */
function CompatibilityTable({ draft, onChange, classifications, data }: CompatibilityTableProps) {
  return (
    <Table aria-label="Field compatibility" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="35%">Classification</Table.Th>
          <Table.Th>Field</Table.Th>
          <Table.Th w={130}>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {classifications.map((classification) => {
          const fieldId = fieldFor(draft, classification);
          return (
            <Table.Tr key={classification}>
              <Table.Td>
                <Text size="sm">{classification}</Text>
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Field for ${classification}`}
                  placeholder="No field"
                  searchable
                  clearable
                  size="xs"
                  data={data}
                  value={fieldId === null ? null : String(fieldId)}
                  nothingFoundMessage="No field matches"
                  onChange={(value) =>
                    onChange(withFieldFor(draft, classification, value ? Number(value) : null))
                  }
                />
              </Table.Td>
              <Table.Td>
                {fieldId !== null ? (
                  <Badge color="green" variant="light">
                    Mapped
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light">
                    Not mapped
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
