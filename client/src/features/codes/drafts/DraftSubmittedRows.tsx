import { Group, Loader, Text } from '@mantine/core';
import type { SubmissionForm } from '@nomen/shared';
import { useEffect, useMemo } from 'react';
import { SpreadsheetGrid } from '../../lists/grid/SpreadsheetGrid';
import { useSubmission } from '../api';
import { storedRowsGrid } from '../pages/SubmissionPage';

/** How often the submission is read again while it still says Draft after its room closed, in ms. */
const RECHECK_MS = 1000;

/** Props of DraftSubmittedRows. */
export interface DraftSubmittedRowsProps {
  submissionId: number;
  form: SubmissionForm;
}

/**
 * The rows of a shared draft someone just submitted, as stored, with their codes first
 * (ARCHITECTURE.md, Live collaboration: everyone in the draft sees "Submitted by …" and the codes):
 * the submission is read again once its room closed (and every second while it still says Draft),
 * then shown as the submission page shows it, read-only.
 */
export function DraftSubmittedRows({ submissionId, form }: DraftSubmittedRowsProps) {
  const submission = useSubmission(submissionId);
  const { refetch, data } = submission;
  const isStillDraft = !data || data.status === 'Draft';
  useEffect(() => {
    void refetch();
  }, [refetch]);
  useEffect(() => {
    if (!isStillDraft) return;
    const timer = setInterval(() => void refetch(), RECHECK_MS);
    return () => clearInterval(timer);
  }, [isStillDraft, refetch]);
  const grid = useMemo(() => (data ? storedRowsGrid(data.rows, form) : null), [data, form]);

  if (isStillDraft || !grid)
    return (
      <Group gap="xs">
        <Loader size="sm" aria-hidden />
        <Text size="sm">Getting the submitted rows and their codes…</Text>
      </Group>
    );
  return (
    <SpreadsheetGrid
      label={`${data.name} rows`}
      testId="submission-rows"
      data={grid}
      onChange={() => {}}
      isReadOnly
      fixedColumns
      rowLimit={grid.rowCount}
      height="max(320px, calc(100dvh - 420px))"
    />
  );
}
