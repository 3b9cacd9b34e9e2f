import { Alert, Button, FileInput, Group, Modal, Progress, Select, Stack, Table, Text } from '@mantine/core';
import {
  guessImportMapping,
  type ImportMapping,
  type ImportTable,
  importableFields,
  importRefusal,
  importRows,
  type SubmissionRow,
  type TemplateField,
} from '@nomen/shared';
import { IconAlertCircle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { columnExample, fieldChoices, SKIP, withColumnMapped } from './importMappingChoices';
import { readImportFile } from './readImportFile';

/** What an import hands the submission table: the rows and the file row each came from. */
export interface ImportedRows {
  readonly rows: SubmissionRow[];
  /** File row numbers (1-based, the header is row 1), one per row, for messages. */
  readonly fileRows: number[];
  readonly fileName: string;
}

/** Props of {@link ImportDialog}. */
export interface ImportDialogProps {
  /** The template's fields (the submission form's); the importable ones are offered. */
  readonly fields: readonly TemplateField[];
  /** Receives the mapped rows; the table validates them and shows every error. */
  readonly onImport: (imported: ImportedRows) => void;
  readonly onClose: () => void;
}

/**
 * The file an import reads (spec 03 §2 bulk import): the chosen file, the reading's progress
 * (0..1, null when not reading), the table read, the column mapping (guessed from the header, then
 * changed by the person) and why the file was refused. `choose` reads a newly chosen file.
 */
function useImportFile(fields: readonly TemplateField[]) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [table, setTable] = useState<ImportTable | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>([]);
  const [error, setError] = useState<string | null>(null);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setTable(null);
    setError(null);
    if (!chosen) return;
    setProgress(0);
    try {
      const read = await readImportFile(chosen, setProgress);
      const refusal = importRefusal(read, null, chosen.name);
      if (refusal) setError(refusal);
      else {
        setTable(read);
        setMapping(guessImportMapping(read.header, fields));
      }
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : `${chosen.name} could not be read.`);
    } finally {
      setProgress(null);
    }
  };
  return { file, progress, table, mapping, setMapping, error, choose };
}

/** Props of {@link ColumnMappingTable}. */
interface ColumnMappingTableProps {
  table: ImportTable;
  /** The fields a column can fill. */
  offered: readonly TemplateField[];
  mapping: ImportMapping;
  onMappingChange: (mapping: ImportMapping) => void;
}

/** The "Column mapping" table: each file column, an example value and the field it fills. */
function ColumnMappingTable({ table, offered, mapping, onMappingChange }: ColumnMappingTableProps) {
  return (
    <Table striped withTableBorder aria-label="Column mapping">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Column in the file</Table.Th>
          <Table.Th>Example</Table.Th>
          <Table.Th>Field</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.header.map((header, column) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: file columns are positional and may repeat names.
          <Table.Tr key={column}>
            <Table.Td>{header || `Column ${column + 1}`}</Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed" truncate maw={220}>
                {columnExample(table, column)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Select
                aria-label={`Field for ${header || `column ${column + 1}`}`}
                data={fieldChoices(offered, mapping, column)}
                value={mapping[column] ?? SKIP}
                onChange={(value) => onMappingChange(withColumnMapped(mapping, column, value))}
                allowDeselect={false}
                searchable
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Bulk import into the submission table (spec 03 §2): choose a CSV or XLSX file (up to
 * 50,000 rows; reading shows its progress), then map each file column to a template field (guessed
 * by name, changeable, "Don't import" to leave one out; a field takes one column) with an example
 * value beside each, then import: the rows land in the table, which governs every cell (list
 * values matched case-insensitively, "did you mean" for near misses) and shows each error.
 */
export function ImportDialog({ fields, onImport, onClose }: ImportDialogProps) {
  const { file, progress, table, mapping, setMapping, error, choose } = useImportFile(fields);
  const offered = importableFields(fields);
  const mappingRefusal = table && file ? importRefusal(table, mapping, file.name) : null;

  return (
    <Modal opened onClose={onClose} title="Import rows from a file" size="xl">
      <Stack gap="md">
        <FileInput
          label="File"
          description="CSV or Excel (.xlsx), first row naming the columns, up to 50,000 rows"
          placeholder="Choose a file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          value={file}
          onChange={(chosen) => void choose(chosen)}
          disabled={progress !== null}
          clearable
        />
        {progress !== null ? (
          <Stack gap={4}>
            <Text size="sm">Reading {file?.name}…</Text>
            <Progress value={progress * 100} animated aria-label="Reading the file" />
          </Stack>
        ) : null}
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />}>
            {error}
          </Alert>
        ) : null}
        {table ? (
          <>
            <Text size="sm">
              {table.rows.length.toLocaleString('en-US')} row{table.rows.length === 1 ? '' : 's'} in{' '}
              {file?.name}. Choose the field each column fills.
            </Text>
            <ColumnMappingTable
              table={table}
              offered={offered}
              mapping={mapping}
              onMappingChange={setMapping}
            />
            {mappingRefusal ? (
              <Text size="sm" c="red">
                {mappingRefusal}
              </Text>
            ) : null}
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!table || !file || mappingRefusal !== null}
            onClick={() => {
              if (!table || !file) return;
              onImport({ ...importRows(table, mapping), fileName: file.name });
              onClose();
            }}
          >
            {table ? `Import ${table.rows.length.toLocaleString('en-US')} rows` : 'Import'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
