import { Center, Drawer, Loader, Stack, Text } from '@mantine/core';
import { previewDependencyIds, type SubmissionForm } from '@nomen/shared';
import { useMemo } from 'react';
import { QueryErrorAlert } from '../../../../ui/QueryErrorAlert';
import { SubmissionTable } from '../../../codes/table/SubmissionTable';
import { useSubmissionTable } from '../../../codes/table/useSubmissionTable';
import { usePatterns } from '../../../patterns/api';
import { usePreviewDependencies } from '../../api';
import { useTemplateDraft } from '../TemplateEditorContext';
import { previewSubmissionForm } from './previewForm';

/** Props of DatasetPreviewPanel. */
export interface DatasetPreviewPanelProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The dataset preview (spec 03 §2 "Dataset preview"; issue 11 item 7): a full-height panel with a
 * title, a close button and the submission table of the template as it is being edited (unsaved
 * changes included), with its error count and "Next error", so an admin types rows as a submitter
 * would and sees every rule and code at work. The list dependencies of the list-governed fields
 * load through POST /api/v1/account/template/preview-dependencies; the form is compiled in the
 * browser (`previewSubmissionForm`). Nothing is stored: the rows live only while the panel is open.
 */
export function DatasetPreviewPanel({ opened, onClose }: DatasetPreviewPanelProps) {
  const name = useTemplateDraft().name.trim();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="100%"
      title={
        <Text fw={600} component="span">
          {`Dataset preview · ${name || 'New template'}`}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close preview' }}
    >
      {opened ? <PreviewBody /> : null}
    </Drawer>
  );
}

/** Loads what the preview needs and builds the form from the draft as it is now. */
function PreviewBody() {
  const draft = useTemplateDraft();
  const patterns = usePatterns();
  const listIds = useMemo(() => previewDependencyIds(draft.template_fields), [draft.template_fields]);
  const dependencies = usePreviewDependencies(listIds, true);
  const form = useMemo(
    () =>
      patterns.data && dependencies.data
        ? previewSubmissionForm(draft, patterns.data.data, dependencies.data.lists)
        : undefined,
    [draft, patterns.data, dependencies.data],
  );
  if (dependencies.error || patterns.error)
    return (
      <QueryErrorAlert
        error={dependencies.error ?? patterns.error}
        what={dependencies.error ? 'the lists of the template' : 'the patterns'}
        onRetry={() => void (dependencies.error ? dependencies.refetch() : patterns.refetch())}
      />
    );
  if (!form)
    return (
      <Center h={240}>
        <Loader aria-label="Loading the preview" />
      </Center>
    );
  return <PreviewTable form={form} />;
}

/** The submission table over the preview form; its rows are kept only in this component. */
function PreviewTable({ form }: { form: SubmissionForm }) {
  const table = useSubmissionTable(form, undefined);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Type rows as a submitter would: every cell is governed and the codes compute as you type. Nothing is
        saved.
      </Text>
      <SubmissionTable
        table={table}
        label={`${form.template_name} preview rows`}
        height="calc(100dvh - 150px)"
      />
    </Stack>
  );
}
