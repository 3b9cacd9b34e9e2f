import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import {
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * A schema a form can be checked with: a zod schema of the shared contract that parses a record of
 * form values (`TInput`) into `TOutput`, e.g. `patternSaveSchema` or `bodySchemaOf(endpoint)`
 * (STYLE.md: forms use schemas derived from the shared contract).
 */
export type ContractSchema<TOutput, TInput extends FieldValues> = z.ZodType<TOutput, TInput>;

/**
 * zod parse options for forms: an empty required value (undefined or null, e.g. a cleared number
 * input or an unchosen select) reads "Required" instead of zod's type message (spec 02 §5). Other
 * issues keep the schema's own message.
 */
export const EMPTY_IS_REQUIRED = {
  error: (issue: { code?: string; input?: unknown }) =>
    issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)
      ? 'Required'
      : undefined,
};

/** How a contract form checks its values, beside react-hook-form's own options. */
export interface ContractCheckOptions {
  /** Show "Required" for an empty required value (EMPTY_IS_REQUIRED) instead of zod's type message. */
  emptyIsRequired?: boolean;
}

/** The options of useContractForm: react-hook-form's (without `resolver`, which the schema gives) and the check's. */
export type ContractFormOptions<TValues extends FieldValues, TOutput> = Omit<
  UseFormProps<TValues, unknown, TOutput>,
  'resolver'
> &
  ContractCheckOptions;

/**
 * A react-hook-form resolver that checks a form's values with `schema` and hands the submit
 * handler the schema's parsed output (trimmed, defaults applied). `TValues` is what the form
 * holds: the schema's input by default, or a looser draft the editor keeps (e.g. `null` where the
 * schema needs a value until the user picks one); zod parses whatever it is given at run time, so
 * the draft needs no cast. Problems come back as react-hook-form errors at their paths
 * (`segments.2.name`).
 */
export function contractResolver<TOutput, TInput extends FieldValues, TValues extends FieldValues = TInput>(
  schema: ContractSchema<TOutput, TInput>,
  options: ContractCheckOptions = {},
): Resolver<TValues, unknown, TOutput> {
  const resolve = zodResolver<FieldValues, unknown, TOutput>(
    schema,
    options.emptyIsRequired ? EMPTY_IS_REQUIRED : undefined,
  );
  // react-hook-form types a resolver's error tree by the values it checks; zod reports the paths
  // of whatever it was given, which are the form's own, so the tree is the form's.
  return resolve as Resolver<TValues, unknown, TOutput>;
}

/**
 * react-hook-form's `useForm` checked by a schema of the shared contract (STYLE.md "Forms";
 * client/src/ui/form/README.md). The form holds `TValues`: the schema's input `TInput` unless an
 * editor keeps a looser draft, named as the third type argument
 * (`useContractForm<PatternSaveParsed, PatternSave, PatternDraft>(patternSaveSchema, …)`);
 * `handleSubmit` receives `TOutput`, the values as the server will parse them. The resolver is
 * made once per schema and option, so a module-level schema keeps it stable.
 */
export function useContractForm<TOutput, TInput extends FieldValues, TValues extends FieldValues = TInput>(
  schema: ContractSchema<TOutput, TInput>,
  options: ContractFormOptions<NoInfer<TValues>, NoInfer<TOutput>> = {},
): UseFormReturn<TValues, unknown, TOutput> {
  const { emptyIsRequired, ...formOptions } = options;
  const resolver = useMemo(
    () => contractResolver<TOutput, TInput, TValues>(schema, { emptyIsRequired }),
    [schema, emptyIsRequired],
  );
  return useForm<TValues, unknown, TOutput>({ ...formOptions, resolver });
}
