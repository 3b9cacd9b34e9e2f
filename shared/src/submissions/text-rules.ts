import type { TextTransformation, TextValidation } from '../governance/governance.contract';

/**
 * Text cells (spec 02 §3 text governance: validation and transformation; issue 11 item 2). Ours
 * where the spec is silent: the transformation runs before the validation (trim, then spaces, then
 * case), so what is checked is what is stored; runs of white space become one `_` or `-`; lengths
 * count characters (code points); `letters` and `alphanumeric` allow spaces between words, the
 * dash-and-underscore set does not; a regular expression must match the whole value.
 */

/** What each character set allows, as a pattern for the whole value and words for messages. */
export const TEXT_CHARACTER_RULES: Readonly<
  Record<TextValidation['characters'], { readonly test: RegExp | null; readonly allowed: string }>
> = {
  any: { test: null, allowed: 'any characters' },
  letters: { test: /^[\p{L}\p{M} ]*$/u, allowed: 'letters and spaces' },
  numeric: { test: /^[0-9]*$/, allowed: 'digits' },
  alphanumeric: { test: /^[\p{L}\p{M}0-9 ]*$/u, allowed: 'letters, digits and spaces' },
  alphanumeric_dash_underscore: {
    test: /^[\p{L}\p{M}0-9_-]*$/u,
    allowed: 'letters, digits, dashes and underscores',
  },
};

/** A text value after a field's transformation (trim by default, spaces, case). Idempotent. */
export function transformText(value: string, transformation: TextTransformation | null | undefined): string {
  let text = transformation?.trim === false ? value : value.trim();
  switch (transformation?.spaces) {
    case 'underscore':
      text = text.replace(/\s+/g, '_');
      break;
    case 'dash':
      text = text.replace(/\s+/g, '-');
      break;
    case 'remove':
      text = text.replace(/\s+/g, '');
      break;
  }
  if (transformation?.case === 'lowercase') text = text.toLowerCase();
  else if (transformation?.case === 'uppercase') text = text.toUpperCase();
  return text;
}

/** One way a text value fails its validation, with the params of its message. */
export type TextProblem =
  | { messageId: 'textTooShort'; params: { min: number } }
  | { messageId: 'textTooLong'; params: { max: number } }
  | { messageId: 'textCharacters'; params: { allowed: string } }
  | { messageId: 'textPattern'; params: { pattern: string } };

/** A compiled text check: the first problem of a non-empty value, or null. */
export type TextCheck = (value: string) => TextProblem | null;

/**
 * Compiles a text validation (lengths, characters, regular expression). `minLength`/`maxLength`
 * are the template field's own bounds, used where the validation has none. A regular expression
 * that does not compile is ignored (the template save refuses one; an older row may hold it).
 */
export function compileTextCheck(
  validation: TextValidation | null | undefined,
  minLength: number | null = null,
  maxLength: number | null = null,
): TextCheck {
  const min = validation?.min_length ?? minLength;
  const max = validation?.max_length ?? maxLength;
  const characters = TEXT_CHARACTER_RULES[validation?.characters ?? 'any'] ?? TEXT_CHARACTER_RULES.any;
  let regex: RegExp | null = null;
  if (validation?.regex) {
    try {
      regex = new RegExp(`^(?:${validation.regex})$`);
    } catch {
      regex = null;
    }
  }
  return (value): TextProblem | null => {
    const length = value.length < 64 ? [...value].length : Array.from(value).length;
    if (min != null && length < min) return { messageId: 'textTooShort', params: { min } };
    if (max != null && length > max) return { messageId: 'textTooLong', params: { max } };
    if (characters.test && !characters.test.test(value))
      return { messageId: 'textCharacters', params: { allowed: characters.allowed } };
    if (regex && !regex.test(value))
      return { messageId: 'textPattern', params: { pattern: validation?.regex ?? '' } };
    return null;
  };
}
