import { CloseButton, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS, type SearchResult } from '@nomen/shared';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Timestamp } from '../../../ui/Timestamp';
import { useSearchParam } from '../../../ui/useSearchParam';
import { datasetRowPath } from '../../codes/codesPaths';
import { useReportSearch } from '../api';
import { DownloadMenu } from './DownloadMenu';
import { Highlight } from './Highlight';
import { ReportSection } from './ReportSection';
import { fieldColumn, type ReportColumn, ReportTable, reportTableState } from './ReportTable';

/** Where a search result leads: its template's dataset page, filtered to its row (spec 01 §2.9). */
export function searchHitPath(hit: SearchResult): string {
  return datasetRowPath(hit.dataset_id, hit.cv_id, hit.cell_value);
}

function columns(term: string): ReportColumn<SearchResult>[] {
  return [
    fieldColumn('template_name', 'Template'),
    fieldColumn('identifier', 'Submission'),
    {
      key: 'created_at',
      header: 'Submitted',
      cell: (r) => <Timestamp value={r.created_at} />,
      sortValue: (r) => r.created_at,
    },
    fieldColumn('submitted_by', 'Submitted by'),
    fieldColumn('field_name', 'Field'),
    {
      key: 'cell_value',
      header: 'Value',
      cell: (r) => <Highlight text={r.cell_value} term={term} />,
      sortValue: (r) => r.cell_value,
    },
  ];
}

/**
 * The search report (spec 01 §2.9, §9): free text over every submitted value, debounced 650 ms,
 * kept in ?q=; matches highlighted; a hit opens its dataset page filtered to its row.
 */
export function SearchSection({ tz }: { tz: string }) {
  const [qParam, setQ] = useSearchParam('q');
  const q = qParam ?? '';
  const [text, setText] = useState(q);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const navigate = useNavigate();

  useEffect(() => {
    if (debounced === q) return;
    setQ(debounced.trim() ? debounced : null);
  }, [debounced, q, setQ]);

  const term = q.trim();
  const search = useReportSearch(term);
  return (
    <ReportSection
      id="search"
      title="Search"
      description="Find any submitted value"
      actions={
        <DownloadMenu report="search" label="search report" query={{ term, tz }} disabled={term === ''} />
      }
    >
      <TextInput
        aria-label="Search submitted values"
        placeholder="Search submitted values"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        rightSection={
          text ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setText('')} /> : null
        }
        maxLength={100}
      />
      {term === '' ? (
        <Text size="sm" c="dimmed">
          Type a value, or part of one, in any language.
        </Text>
      ) : (
        <>
          <ReportTable
            label="Search results"
            what="the search results"
            columns={columns(term)}
            rowKey={(r, i) => `${r.cv_id}-${r.field_name}-${i}`}
            {...reportTableState(search)}
            emptyTitle={`Nothing submitted contains "${term}"`}
            onOpen={(r) => navigate(searchHitPath(r))}
            openLabel={(r) => `Open the dataset of ${r.template_name}: ${r.cell_value}`}
          />
          {search.data?.truncated ? (
            <Text size="sm" c="dimmed">
              Showing the newest {search.data.data.length} matches. Type more to narrow the search, or
              download them all.
            </Text>
          ) : null}
        </>
      )}
    </ReportSection>
  );
}
