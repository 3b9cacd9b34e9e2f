import { Switch, type SwitchProps } from '@mantine/core';
import { type FieldValues, useController } from 'react-hook-form';
import type { BoundField } from './boundField';

/** Props of FormSwitch: Mantine's Switch props but checked, change and error, which the form gives. */
export type FormSwitchProps<TValues extends FieldValues, TOutput> = Omit<
  SwitchProps,
  'name' | 'checked' | 'defaultChecked' | 'value' | 'onChange' | 'error'
> &
  BoundField<TValues, TOutput, boolean | null | undefined>;

/**
 * A Mantine Switch bound to a boolean field of a react-hook-form form by name (an empty value reads
 * off), writing the new state back and showing the field's error (e.g. a server issue about it).
 */
export function FormSwitch<TValues extends FieldValues, TOutput>({
  control,
  name,
  onBlur,
  ...props
}: FormSwitchProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Switch
      {...props}
      ref={field.ref}
      name={field.name}
      checked={Boolean(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={(event) => {
        field.onBlur();
        onBlur?.(event);
      }}
      error={fieldState.error?.message}
    />
  );
}
