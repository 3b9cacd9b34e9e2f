import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { type PatternSegment, type SegmentDelimiter, utcCalendarDate } from '@nomen/shared';
import { useMemo } from 'react';
import { previewCodes } from '../patternDraft';

/** Props of PatternPreview. */
export interface PatternPreviewProps {
  delimiter: SegmentDelimiter;
  segments: PatternSegment[];
}

/**
 * The builder's live preview (spec 02 §2): example codes of the pattern as it is edited, built
 * with exampleCode for today's date (UTC), e.g. `US_SUMMER_0001_2026-11-21_X7K2QP`; with an
 * autonumber or a per-row random segment, a second example shows the next row: the next number
 * and another random sample (issue 8 item 22). A polite live region labelled "Preview",
 * so screen readers hear the new code after each change.
 */
export function PatternPreview({ delimiter, segments }: PatternPreviewProps) {
  const codes = useMemo(
    () => previewCodes({ delimiter, segments }, utcCalendarDate(new Date())),
    [delimiter, segments],
  );

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs" role="region" aria-label="Preview" aria-live="polite">
        <Title order={2} size="h5">
          Preview
        </Title>
        {segments.length === 0 ? (
          <Text size="sm" c="dimmed">
            Add segments to see example codes.
          </Text>
        ) : (
          <>
            <Text size="xs" c="dimmed">
              Example codes: variables show their names, dates today, random characters a sample.
            </Text>
            <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {codes.map((code, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the examples are ordered and may repeat
                <li key={index}>
                  <Code block fz="md" data-testid="preview-code" style={{ wordBreak: 'break-all' }}>
                    {code || '(empty)'}
                  </Code>
                </li>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
