import { Mark } from '@mantine/core';
import { highlightParts } from '@nomen/shared';

/** `text` with the occurrences of `term` marked (spec 01 §2.9 search report). */
export function Highlight({ text, term }: { text: string; term: string }) {
  return (
    <>
      {highlightParts(text, term).map((part, i) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity but their place
          <Mark key={i}>{part.text}</Mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity but their place
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
