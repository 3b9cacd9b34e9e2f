import { TextInput, type TextInputProps } from '@mantine/core';
import { type FieldValues, useController } from 'react-hook-form';
import type { BoundField } from './boundField';

/** Props of FormTextInput: Mantine's TextInput props but value, change and error, which the form gives. */
export type FormTextInputProps<TValues extends FieldValues, TOutput> = Omit<
  TextInputProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'error'
> &
  BoundField<TValues, TOutput, string | null | undefined>;

/**
 * A Mantine TextInput bound to a text field of a react-hook-form form by name: shows the field's
 * value (empty for null), writes every keystroke back, reports blur for touched state and shows the
 * field's error (the schema's or the server's, applyServerIssues). The form can focus it on a
 * failed submit.
 */
export function FormTextInput<TValues extends FieldValues, TOutput>({
  control,
  name,
  onBlur,
  ...props
}: FormTextInputProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={(event) => {
        field.onBlur();
        onBlur?.(event);
      }}
      error={fieldState.error?.message}
    />
  );
}
