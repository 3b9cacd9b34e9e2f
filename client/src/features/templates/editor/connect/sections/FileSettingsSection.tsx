import { Button, Checkbox, Code, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  DELIMITER_LABELS,
  DELIMITERS,
  type Delimiter,
  FILENAME_PLACEHOLDER_LABELS,
  FILENAME_PLACEHOLDERS,
  OUTPUT_FILE_TYPES,
  type OutputFileType,
  outputFilename,
} from '@nomen/shared';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useRef } from 'react';
import { useTemplateEditor, useTemplateEditorEnvironment } from '../../TemplateEditorContext';
import { SectionIssues } from '../SectionIssues';
import type { IntegrationSectionProps } from './sectionProps';

/** Labels of the output file types (spec 03 §9). */
const FILE_TYPE_LABELS: Readonly<Record<OutputFileType, string>> = {
  csv: 'CSV',
  xlsx: 'Excel (xlsx)',
  json: 'JSON',
};

/** The submission name the example filename uses (ours). */
const EXAMPLE_SUBMISSION_NAME = 'Spring launch';

/**
 * An output's file settings (spec 03 §3 file_type, delimiter, filename_pattern,
 * include_summary_header; §5 filename placeholders; §9 delimiters and file types): the file types,
 * the delimiter for CSV, the filename pattern with buttons that insert each placeholder at the
 * cursor, a live example rendered with `renderFilename` (this template's name, an example
 * submission, now, the signed-in user), and the summary header switch.
 */
export function FileSettingsSection({ assignment, editing, issues }: IntegrationSectionProps) {
  return (
    <Stack gap="sm">
      <FileTypeChoice assignment={assignment} editing={editing} />
      <FilenamePattern assignment={assignment} editing={editing} />
      <Switch
        label="Include summary header"
        description="Starts the file with a header describing the submission"
        checked={assignment.include_summary_header === 1}
        onChange={(event) => {
          const include_summary_header = event.currentTarget.checked ? 1 : 0;
          editing.update((a) => ({ ...a, include_summary_header }));
        }}
      />
      <SectionIssues issues={issues} />
    </Stack>
  );
}

/** What a part of the file settings edits. */
type FileSettingsPartProps = Pick<IntegrationSectionProps, 'assignment' | 'editing'>;

/** The file types (kept in the catalogue's order) and, for CSV, the delimiter (spec 03 §9). */
function FileTypeChoice({ assignment, editing }: FileSettingsPartProps) {
  return (
    <>
      <Checkbox.Group
        label="File types"
        value={[...assignment.file_type]}
        onChange={(value) => {
          // Keep the catalogue's order whatever order they were ticked in.
          const file_type = OUTPUT_FILE_TYPES.filter((t) => value.includes(t));
          editing.update((a) => ({ ...a, file_type }));
        }}
      >
        <Group gap="lg" mt={4}>
          {OUTPUT_FILE_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={FILE_TYPE_LABELS[type]} />
          ))}
        </Group>
      </Checkbox.Group>
      {assignment.file_type.includes('csv') ? (
        <Select
          label="Delimiter"
          w={240}
          data={DELIMITERS.map((d) => ({ value: d, label: DELIMITER_LABELS[d] }))}
          value={assignment.delimiter}
          allowDeselect={false}
          onChange={(value) => {
            if (value === null) return;
            editing.update((a) => ({ ...a, delimiter: value as Delimiter }));
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The filename pattern (spec 03 §5 filename placeholders): the input, buttons that insert each
 * placeholder at the cursor, and the live example of each file type's name.
 */
function FilenamePattern({ assignment, editing }: FileSettingsPartProps) {
  const patternInput = useRef<HTMLInputElement>(null);
  const pattern = assignment.filename_pattern;
  const examples = useFilenameExamples(pattern, assignment.file_type);

  const insertPlaceholder = (placeholder: string) => {
    const input = patternInput.current;
    const token = `{${placeholder}}`;
    const start = input?.selectionStart ?? pattern.length;
    const end = input?.selectionEnd ?? pattern.length;
    const next = pattern.slice(0, start) + token + pattern.slice(end);
    editing.update((a) => ({ ...a, filename_pattern: next }));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <>
      <TextInput
        ref={patternInput}
        label="File name pattern"
        description="Text with placeholders; the extension is added for each file type"
        maxLength={500}
        value={pattern}
        onChange={(event) => {
          const filename_pattern = event.currentTarget.value;
          editing.update((a) => ({ ...a, filename_pattern }));
        }}
      />
      <Group gap="xs" role="group" aria-label="Insert a placeholder">
        {FILENAME_PLACEHOLDERS.map((placeholder) => (
          <Button
            key={placeholder}
            size="compact-xs"
            variant="light"
            leftSection={<IconPlus size={12} aria-hidden />}
            onClick={() => insertPlaceholder(placeholder)}
          >
            {FILENAME_PLACEHOLDER_LABELS[placeholder]}
          </Button>
        ))}
      </Group>
      {examples.length > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="filename-example">
          Example:{' '}
          {examples.map((example, i) => (
            <span key={example}>
              {i > 0 ? ', ' : null}
              <Code>{example}</Code>
            </span>
          ))}
        </Text>
      ) : null}
    </>
  );
}

/**
 * The example file names of a pattern, one per file type (CSV when none is chosen), rendered with
 * this template's name, an example submission, now and the signed-in user; none for an empty pattern.
 */
function useFilenameExamples(pattern: string, fileTypes: readonly OutputFileType[]): string[] {
  const templateName = useTemplateEditor((state) => state.draft.name);
  const { me } = useTemplateEditorEnvironment();
  return useMemo(() => {
    const values = {
      template_name: templateName.trim() || 'Untitled template',
      submission_name: EXAMPLE_SUBMISSION_NAME,
      submitted_at: new Date(),
      submitted_by: me.user.name,
    };
    const types: readonly OutputFileType[] = fileTypes.length > 0 ? fileTypes : ['csv'];
    return pattern.trim() === '' ? [] : types.map((type) => outputFilename(pattern, values, type));
  }, [pattern, templateName, me.user.name, fileTypes]);
}
