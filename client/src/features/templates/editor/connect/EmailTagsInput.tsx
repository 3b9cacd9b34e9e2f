import { TagsInput } from '@mantine/core';
import { isEmailAddress } from '@nomen/shared';
import { useState } from 'react';

/** Most recipients of one list (the metadata schema's bound). */
export const MAX_RECIPIENTS = 50;

/**
 * An email recipients input (spec 03 §3 to, cc, bcc; notification emailTo): each address becomes a
 * tag on Enter, comma, semicolon, space or blur; a text that is not an email address is refused with
 * a message naming it, so the list only ever holds addresses.
 */
export function EmailTagsInput(props: {
  label: string;
  description?: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <TagsInput
      label={props.label}
      description={props.description}
      placeholder={props.value.length === 0 ? 'name@example.com' : undefined}
      value={[...props.value]}
      splitChars={[',', ';', ' ']}
      maxTags={MAX_RECIPIENTS}
      clearable
      onChange={(next) => {
        const trimmed = [...new Set(next.map((v) => v.trim()).filter((v) => v !== ''))];
        const bad = trimmed.filter((v) => !isEmailAddress(v));
        setRefused(bad.length > 0 ? `${bad.join(', ')} is not a valid email address` : null);
        props.onChange(trimmed.filter(isEmailAddress));
      }}
      error={refused ?? props.error}
    />
  );
}
