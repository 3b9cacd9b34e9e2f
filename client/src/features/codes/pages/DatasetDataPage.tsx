import { Alert, Button, Group, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DatasetData } from '@nomen/shared';
import { IconDownload, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../../ui/formatTimestamp';
import { PageHeader } from '../../../ui/PageHeader';
import { PageSkeleton } from '../../../ui/PageSkeleton';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';
import { routeIdOf } from '../../../ui/routeId';
import type { CellDecorator, GridColumn, GridData } from '../../lists/grid/gridTypes';
import { SpreadsheetGrid } from '../../lists/grid/SpreadsheetGrid';
import { DATASET_PAGE_SIZE, datasetDownloadUrl, useDatasetData } from '../api';
import { BackToCodes } from '../BackToCodes';
import { DATASET_MATCH_PARAM, DATASET_ROW_PARAM, rowFilterText } from '../codesPaths';
import classes from './DatasetDataPage.module.css';

/** How the row a search hit opened is described to assistive technology and in its tooltip. */
const FOUND_ROW_DESCRIPTION = 'The row you opened from the search';

/** Columns the page adds after the template's fields. */
const EXTRA_COLUMNS: { key: string; name: string; value: (row: DatasetData['rows'][number]) => string }[] = [
  { key: 'submission', name: 'Submission', value: (r) => r.submission_name },
  { key: 'submitter', name: 'Submitter', value: (r) => r.submitter },
  { key: 'submitted_at', name: 'Submitted at', value: (r) => formatDateTime(r.submitted_at) },
];

/** A page of dataset rows as a read-only grid: the template's fields (computed ones first), then submission, submitter and time. */
export function datasetGrid(page: DatasetData): GridData {
  const column = (key: string, name: string, values: string[]): GridColumn => ({
    key,
    id: key,
    name,
    values,
    ids: [],
  });
  return {
    rowCount: page.rows.length,
    columns: [
      // The codes and other computed values first, so they are in view without scrolling.
      ...[...page.columns]
        .sort((a, b) => Number(b.computed) - Number(a.computed))
        .map((c) =>
          column(
            c.key,
            c.name,
            page.rows.map((r) => r.data[c.key] ?? ''),
          ),
        ),
      ...EXTRA_COLUMNS.map((c) => column(c.key, c.name, page.rows.map(c.value))),
    ],
  };
}

/**
 * The dataset page's filters, kept in the URL: the typed filter text (?q=, debounced into `q`),
 * the page shown (0-based, back to 0 when the filter changes), and the one row a search hit opened
 * (?row=, with the ?match= it matched; spec 01 §2.9) with `clearRowFilter` to show every row again.
 */
function useDatasetFilters() {
  const [params, setParams] = useSearchParams();
  const rowId = params.get(DATASET_ROW_PARAM)?.trim() || null;
  const match = params.get(DATASET_MATCH_PARAM);
  const [filter, setFilter] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(filter.trim(), 250);
  const [page, setPage] = useState(0);
  const changeFilter = (value: string) => {
    setFilter(value);
    setPage(0);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value.trim()) next.set('q', value.trim());
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  };
  const clearRowFilter = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DATASET_ROW_PARAM);
        next.delete(DATASET_MATCH_PARAM);
        return next;
      },
      { replace: true },
    );
  return { rowId, match, filter, changeFilter, q, page, setPage, clearRowFilter };
}

/** The "Download CSV" and "Download XLSX" links of every row matching the filter (or the one row). */
function DatasetDownloads({ datasetId, q, rowId }: { datasetId: number; q: string; rowId: string | null }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          component="a"
          href={datasetDownloadUrl(datasetId, q, format, rowId)}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Download {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}

/** Props of {@link RowFilterNotice}. */
interface RowFilterNoticeProps {
  /** How many rows the one-row filter found (0 or 1). */
  total: number;
  /** The text the search matched (?match=), if any. */
  match: string | null;
  onClear: () => void;
}

/** The "Showing 1 row matching …" line of a search hit (spec 01 §2.9) with "Clear filter". */
function RowFilterNotice({ total, match, onClear }: RowFilterNoticeProps) {
  return (
    <Paper withBorder radius="md" px="md" py="xs" bg="var(--mantine-color-yellow-0)">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm" role="status" data-testid="dataset-row-filter">
          {rowFilterText(total, match)}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconFilterOff size={14} aria-hidden />}
          onClick={onClear}
        >
          Clear filter
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * /codes/details/{datasetId}/data (spec 01 §1: search results open it): the rows
 * of a template's dataset at HEAD with their codes, submission, submitter and time, in a
 * read-only grid (copy, find); a filter (kept in the URL as ?q=) over any value, submission or
 * submitter; pages of 200; CSV and XLSX downloads of every row matching the filter. With ?row=
 * (a search-report hit, spec 01 §2.9) it shows that one row, highlighted, under a "Showing 1 row
 * matching …" line whose Clear filter button shows every row again.
 */
export function DatasetDataPage() {
  const datasetId = routeIdOf(useParams().datasetId);
  const { rowId, match, filter, changeFilter, q, page, setPage, clearRowFilter } = useDatasetFilters();
  const data = useDatasetData(datasetId, q, page, rowId);
  const grid = useMemo(() => (data.data ? datasetGrid(data.data) : undefined), [data.data]);
  const rows = data.data?.rows;
  const decorateFound = useCallback<CellDecorator>(
    (row) =>
      rowId !== null && rows?.[row]?.cv_id === rowId
        ? { className: classes.found, description: FOUND_ROW_DESCRIPTION }
        : undefined,
    [rowId, rows],
  );

  if (datasetId === null) return <Alert color="red">This address names no dataset.</Alert>;
  if (data.error)
    return <QueryErrorAlert error={data.error} what="the dataset" onRetry={() => void data.refetch()} />;
  if (!data.data || !grid) return <PageSkeleton />;
  const { total } = data.data;
  const pages = Math.max(1, Math.ceil(total / DATASET_PAGE_SIZE));

  return (
    <>
      <BackToCodes />
      <PageHeader
        title={`${data.data.template_name} · Dataset`}
        description="Every row in the dataset, as of its latest version, with the submission, submitter and time it came from."
        aside={<DatasetDownloads datasetId={datasetId} q={q} rowId={rowId} />}
      />
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <TextInput
            aria-label="Filter rows"
            placeholder="Filter by any value, submission or submitter"
            leftSection={<IconSearch size={16} aria-hidden />}
            w={420}
            value={filter}
            onChange={(event) => changeFilter(event.currentTarget.value)}
          />
          <Text size="sm" c="dimmed" data-testid="dataset-total">
            {total === 1 ? '1 row' : `${total.toLocaleString('en-US')} rows`}
          </Text>
        </Group>
        {rowId !== null ? <RowFilterNotice total={total} match={match} onClear={clearRowFilter} /> : null}
        {total === 0 ? (
          rowId !== null ? null : (
            <Alert color="gray" variant="light">
              {q ? 'No row matches the filter.' : 'Nothing has been submitted through this template yet.'}
            </Alert>
          )
        ) : (
          <SpreadsheetGrid
            label={`${data.data.template_name} dataset rows`}
            testId="dataset-rows"
            data={grid}
            onChange={() => {}}
            isReadOnly
            fixedColumns
            getCellDecoration={rowId !== null ? decorateFound : undefined}
            rowLimit={grid.rowCount}
            height={Math.min(560, 41 + grid.rowCount * 40 + 2)}
          />
        )}
        {pages > 1 ? (
          <Pagination total={pages} value={page + 1} onChange={(p) => setPage(p - 1)} aria-label="Pages" />
        ) : null}
      </Stack>
    </>
  );
}
