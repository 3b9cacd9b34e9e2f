import { ActionIcon, Group, Paper, Text, TextInput, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { matchCountLabel } from './find';
import classes from './SpreadsheetGrid.module.css';
import type { GridFind } from './useGridFind';

/** Props of FindBar. */
export interface FindBarProps {
  find: GridFind;
  /** Closing gives the focus back to the grid. */
  onClose: () => void;
}

/**
 * The grid's find bar (spec 02 §2 toolbar search; issue 8 item 18), over the grid's top-right
 * corner: a search field that takes the focus (and selects its text) each time the bar opens,
 * the count ("3 of 120", a polite live region), previous and next buttons, and close. Enter goes
 * to the next match, Shift+Enter to the previous one, Escape closes, Ctrl/Cmd+F selects the field
 * instead of opening the browser's find.
 */
export function FindBar({ find, onClose }: FindBarProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { openCount, matches, current } = find;
  useEffect(() => {
    void openCount;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [openCount]);
  const hasMatches = matches.count > 0;
  const label = matchCountLabel(matches, current);

  return (
    <Paper
      className={classes.findBar}
      shadow="md"
      withBorder
      radius="md"
      p={6}
      role="search"
      aria-label="Find in list"
    >
      <Group gap={6} wrap="nowrap">
        <TextInput
          ref={inputRef}
          size="xs"
          w={220}
          aria-label="Find in list"
          placeholder="Find in list"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={find.query}
          onChange={(event) => find.setQuery(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.nativeEvent.isComposing) return;
            if (event.key === 'Enter') {
              event.preventDefault();
              find.step(event.shiftKey ? -1 : 1);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              onClose();
            } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
              event.preventDefault();
              event.currentTarget.select();
            }
          }}
        />
        <Text size="xs" c="dimmed" miw={70} role="status" aria-live="polite" data-testid="find-count">
          {label}
        </Text>
        <Tooltip label="Previous match (Shift+Enter)" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Previous match"
            disabled={!hasMatches}
            onClick={() => find.step(-1)}
          >
            <IconChevronUp size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Next match (Enter)" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Next match"
            disabled={!hasMatches}
            onClick={() => find.step(1)}
          >
            <IconChevronDown size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Close (Escape)" withArrow>
          <ActionIcon variant="subtle" color="gray" aria-label="Close find" onClick={onClose}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}
