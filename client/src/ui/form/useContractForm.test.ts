import {
  defaultSegment,
  type FolderSave,
  folderSaveSchema,
  PATTERN_NO_SEGMENTS_MESSAGE,
  type PatternSave,
  type PatternSaveParsed,
  patternSaveSchema,
} from '@nomen/shared';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createFormControl, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { emptyDraft, type PatternDraft } from '../../features/patterns/patternDraft';
import { type ContractFormOptions, contractResolver, useContractForm } from './useContractForm';

type FolderOutput = z.output<typeof folderSaveSchema>;

/** Runs the hook inside a real React render (server-side, no DOM needed) and hands back its form. */
function renderHook<T>(hook: () => T): T {
  const result: { current?: T } = {};
  function Probe() {
    result.current = hook();
    return null;
  }
  renderToString(createElement(Probe));
  if (result.current === undefined) throw new Error('The hook did not run');
  return result.current;
}

/** Submits the form and answers what its handlers received: the parsed values or the errors. */
async function submit<V extends FieldValues, O>(
  form: Pick<UseFormReturn<V, unknown, O>, 'handleSubmit'>,
): Promise<{ values?: O; errors?: FieldErrors<V> }> {
  const outcome: { values?: O; errors?: FieldErrors<V> } = {};
  await form.handleSubmit(
    (values) => {
      outcome.values = values;
    },
    (errors) => {
      outcome.errors = errors;
    },
  )();
  return outcome;
}

describe('useContractForm', () => {
  it('hands the submit handler the values as the server parses them', async () => {
    const form = renderHook(() =>
      useContractForm(folderSaveSchema, {
        defaultValues: { id: null, name: '  Q3 launches  ', description: null, updated_at: null },
      }),
    );
    const { values, errors } = await submit(form);
    expect(errors).toBeUndefined();
    expect(values).toMatchObject({ name: 'Q3 launches', description: '' });
  });

  it('stops the submit with the schema’s message on the field', async () => {
    const form = renderHook(() =>
      useContractForm(folderSaveSchema, {
        defaultValues: { id: null, name: '   ', description: '', updated_at: null },
      }),
    );
    const { values, errors } = await submit(form);
    expect(values).toBeUndefined();
    expect(errors?.name?.message).toBe('Required');
  });

  it('reads "Required" for a value never filled in when emptyIsRequired is on', async () => {
    const withOption = renderHook(() =>
      useContractForm(folderSaveSchema, { defaultValues: { description: '' }, emptyIsRequired: true }),
    );
    const without = renderHook(() =>
      useContractForm(folderSaveSchema, { defaultValues: { description: '' } }),
    );
    expect((await submit(withOption)).errors?.name?.message).toBe('Required');
    const zodMessage = (await submit(without)).errors?.name?.message;
    expect(zodMessage).toBeTruthy();
    expect(zodMessage).not.toBe('Required');
  });

  it('checks an editor’s looser draft with the contract schema', async () => {
    const draft: PatternDraft = { ...emptyDraft(), name: ' UTM campaign ' };
    const form = renderHook(() =>
      useContractForm<PatternSaveParsed, PatternSave, PatternDraft>(patternSaveSchema, {
        defaultValues: draft,
        emptyIsRequired: true,
      }),
    );
    expect((await submit(form)).errors?.segments?.message).toBe(PATTERN_NO_SEGMENTS_MESSAGE);

    form.setValue('segments', [{ ...defaultSegment('constant', 'TEMP_1'), name: 'Prefix' }]);
    const { values, errors } = await submit(form);
    expect(errors).toBeUndefined();
    expect(values?.name).toBe('UTM campaign');
    expect(values?.segments).toHaveLength(1);
  });

  it('types the form by the schema’s input and the submit by its output', () => {
    // Checked by the type checker only: the hooks are never called here.
    const folderForm = () => useContractForm(folderSaveSchema);
    const patternForm = () =>
      useContractForm<PatternSaveParsed, PatternSave, PatternDraft>(patternSaveSchema);
    expectTypeOf(folderForm).returns.toEqualTypeOf<UseFormReturn<FolderSave, unknown, FolderOutput>>();
    expectTypeOf(patternForm).returns.toEqualTypeOf<
      UseFormReturn<PatternDraft, unknown, PatternSaveParsed>
    >();
    expectTypeOf<ContractFormOptions<FolderSave, FolderOutput>>().not.toHaveProperty('resolver');
  });
});

describe('contractResolver', () => {
  it('reports problems at the paths of the form’s own values', async () => {
    const form = createFormControl<PatternDraft, unknown, PatternSaveParsed>({
      resolver: contractResolver<PatternSaveParsed, PatternSave, PatternDraft>(patternSaveSchema, {
        emptyIsRequired: true,
      }),
      defaultValues: {
        ...emptyDraft(),
        name: 'UTM campaign',
        segments: [{ ...defaultSegment('constant', 'TEMP_1'), name: 'Prefix', constant_value: '' }],
      },
    });
    const { errors } = await submit(form);
    expect(errors?.segments?.[0]).toMatchObject({ constant_value: { message: expect.any(String) } });
    expect(errors?.name).toBeUndefined();
  });
});
