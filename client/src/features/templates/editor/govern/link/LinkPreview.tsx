import { Code, Paper, Text } from '@mantine/core';
import type { LinkPreview as LinkPreviewValue } from '@nomen/shared';
import { Fragment } from 'react';
import classes from './LinkParameters.module.css';

/**
 * The live preview of the link pattern (spec 03 §2 "domain/?name=[field]&..."), from
 * `linkPatternPreview`: a parameter without a field shows `[]` in red, one without a name an
 * empty name. Its text is exactly the preview's `text`; it is announced politely as it changes.
 */
export function LinkPreview({ preview }: { preview: LinkPreviewValue }) {
  return (
    <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-light)">
      <Text size="xs" c="dimmed" mb={4} id="link-preview-label">
        Link preview
      </Text>
      <Code
        block
        className={classes.preview}
        aria-labelledby="link-preview-label"
        aria-live="polite"
        data-testid="link-preview"
      >
        {preview.domain}/{preview.parts.length > 0 ? '?' : ''}
        {preview.parts.map((part, index) => (
          <Fragment key={String(part.parameterId ?? index)}>
            {index > 0 ? '&' : ''}
            <span className={part.name === '' ? classes.missing : classes.name}>{part.name}</span>=
            <span className={part.fieldName === null ? classes.missing : classes.field}>
              [{part.fieldName ?? ''}]
            </span>
          </Fragment>
        ))}
      </Code>
    </Paper>
  );
}
