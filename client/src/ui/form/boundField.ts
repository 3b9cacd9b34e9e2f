import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';

/**
 * How a bound input names its form field: the form's `control` and the path of a field whose value
 * the input can hold (`TValue`), so a text input cannot be bound to a boolean by mistake.
 */
export interface BoundField<TValues extends FieldValues, TOutput, TValue> {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPathByValue<TValues, TValue>;
}
