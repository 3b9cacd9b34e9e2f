import { Group, Pagination, Text } from '@mantine/core';
import type { DownloadableReport, ReportRangeQuery } from '@nomen/shared';
import { useState } from 'react';
import { DateRangeFilter, type DayRange } from './DateRangeFilter';
import { DownloadMenu } from './DownloadMenu';
import { ReportSection } from './ReportSection';
import { type ReportQuery, ReportTable, type ReportTableProps, reportTableState } from './ReportTable';

/** The chosen days and page of a paged report with a date range (usage, global; spec 01 §2.9, §9). */
export interface RangePaging {
  /** The days picked, or undefined for the server's default range. */
  range: DayRange | undefined;
  /** The page shown, from 1. */
  page: number;
  setPage: (page: number) => void;
  /** Applies newly picked days and goes back to the first page. */
  chooseRange: (range: DayRange) => void;
  pageSize: number;
  /** The report's query for these days and this page in the reader's time zone. */
  query: ReportRangeQuery;
}

/**
 * The state of a paged report with a date range (spec 01 §2.9, §9): no days picked at first (the
 * server's default range), page 1; picking days goes back to page 1. `query` asks for `pageSize`
 * rows of the page in the time zone `tz`.
 */
export function useRangePaging(pageSize: number, tz: string): RangePaging {
  const [range, setRange] = useState<DayRange | undefined>(undefined);
  const [page, setPage] = useState(1);
  return {
    range,
    page,
    setPage,
    chooseRange: (next) => {
      setRange(next);
      setPage(1);
    },
    pageSize,
    query: { ...range, tz, limit: pageSize, offset: (page - 1) * pageSize },
  };
}

/** One page of a ranged report as the server answers it: the rows, their total and the days covered. */
export interface RangePageQuery<T> extends ReportQuery<T> {
  data: { data: readonly T[]; total: number; range: DayRange } | undefined;
}

/** Props of PagedRangeSection: the section's, the download's, the paging and the table's own. */
export interface PagedRangeSectionProps<T>
  extends Omit<ReportTableProps<T>, 'rows' | 'isLoading' | 'error' | 'onRetry'> {
  id: string;
  title: string;
  description: string;
  /** The report the download fetches and its name for the button ("usage report"). */
  report: DownloadableReport;
  downloadLabel: string;
  tz: string;
  paging: RangePaging;
  query: RangePageQuery<T>;
  /** What the total counts, one and many: `['row', 'rows']`. */
  unit: readonly [string, string];
  /** Announces the total to screen readers as it changes (aria-live). */
  liveTotal?: boolean;
}

/**
 * A report section with a date range and pages (usage, global; spec 01 §2.9, §9): the date filter
 * (the server's default days until the user picks) and the download of those days beside the
 * title, the table of one page, then the total ("3 rows") and, with more than one page, the pages.
 */
export function PagedRangeSection<T>({
  id,
  title,
  description,
  report,
  downloadLabel,
  tz,
  paging,
  query,
  unit,
  liveTotal,
  ...table
}: PagedRangeSectionProps<T>) {
  const shown = paging.range ?? query.data?.range;
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / paging.pageSize));
  return (
    <ReportSection
      id={id}
      title={title}
      description={description}
      actions={
        <>
          <DateRangeFilter value={shown} onChange={paging.chooseRange} />
          <DownloadMenu report={report} label={downloadLabel} query={{ ...shown, tz }} />
        </>
      }
    >
      <ReportTable {...table} {...reportTableState(query)} />
      {query.data && total > 0 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live={liveTotal ? 'polite' : undefined}>
            {total} {total === 1 ? unit[0] : unit[1]}
          </Text>
          {pages > 1 ? (
            <Pagination size="sm" total={pages} value={paging.page} onChange={paging.setPage} />
          ) : null}
        </Group>
      ) : null}
    </ReportSection>
  );
}
