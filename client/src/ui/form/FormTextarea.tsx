import { Textarea, type TextareaProps } from '@mantine/core';
import { type FieldValues, useController } from 'react-hook-form';
import type { BoundField } from './boundField';

/** Props of FormTextarea: Mantine's Textarea props but value, change and error, which the form gives. */
export type FormTextareaProps<TValues extends FieldValues, TOutput> = Omit<
  TextareaProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'error'
> &
  BoundField<TValues, TOutput, string | null | undefined>;

/**
 * A Mantine Textarea bound to a text field of a react-hook-form form by name (a description, notes):
 * the field's value (empty for null), written back on every keystroke, blur reported, its error
 * shown. The form can focus it on a failed submit.
 */
export function FormTextarea<TValues extends FieldValues, TOutput>({
  control,
  name,
  onBlur,
  ...props
}: FormTextareaProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Textarea
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
