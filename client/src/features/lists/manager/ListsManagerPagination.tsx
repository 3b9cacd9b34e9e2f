import { ActionIcon, Group, NativeSelect, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { isPageSize, PAGE_SIZES, type PageSize } from './managerTableModel';

/** Props of ListsManagerPagination. */
export interface ListsManagerPaginationProps {
  /** Current page, from 0. */
  page: number;
  pageCount: number;
  pageSize: PageSize;
  /** e.g. "1–50 of 312". */
  rangeLabel: string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: PageSize) => void;
}

/**
 * The lists manager's client-side pagination (spec 02 §2, §9): a "Rows per page" select of 50,
 * 100 or 300, the range label (announced politely when it changes) and "Previous page" /
 * "Next page" buttons, disabled on the first and last page.
 */
export function ListsManagerPagination(props: ListsManagerPaginationProps) {
  const { page, pageCount, pageSize, rangeLabel, onPageChange, onPageSizeChange } = props;
  const isFirst = page <= 0;
  const isLast = page >= pageCount - 1;
  return (
    <Group justify="flex-end" gap="lg" py="xs" wrap="wrap" role="navigation" aria-label="Pagination">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" component="label" htmlFor="lists-manager-page-size">
          Rows per page
        </Text>
        <NativeSelect
          id="lists-manager-page-size"
          size="xs"
          w={76}
          value={String(pageSize)}
          data={PAGE_SIZES.map(String)}
          onChange={(event) => {
            const size = Number(event.currentTarget.value);
            if (isPageSize(size)) onPageSizeChange(size);
          }}
        />
      </Group>
      <Text size="sm" aria-live="polite" data-testid="lists-range-label" miw={110} ta="center">
        {rangeLabel}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Previous page" withArrow>
          <ActionIcon
            variant="default"
            aria-label="Previous page"
            disabled={isFirst}
            onClick={() => onPageChange(page - 1)}
          >
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Next page" withArrow>
          <ActionIcon
            variant="default"
            aria-label="Next page"
            disabled={isLast}
            onClick={() => onPageChange(page + 1)}
          >
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
