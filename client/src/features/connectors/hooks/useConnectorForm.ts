import {
  AppError,
  type ConnectorMetadataView,
  type ConnectorSummary,
  type ConnectorTypeDefinition,
  type CustomField,
  canSubmitConnector,
  connectorTypeBySlug,
  newConnectorMetadata,
  switchChoice,
  validateConnector,
  visibleFields,
} from '@nomen/shared';
import { type Dispatch, type SetStateAction, useMemo, useState } from 'react';
import { type UseFieldArrayReturn, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { applyServerIssues } from '../../../ui/form/applyServerIssues';
import { useContractForm } from '../../../ui/form/useContractForm';
import { notifyError, notifyFailure, notifySuccess } from '../../../ui/notify';
import { useSignedIn } from '../../auth/api';
import { type ConnectionTestTarget, useReloadConnectors, useSaveConnector, useStartOAuth } from '../api';
import {
  blockedReason,
  type ConnectorFormInput,
  type ConnectorFormParsed,
  type ConnectorFormValues,
  connectorDraftOf,
  connectorFormDefaults,
  connectorFormSchema,
  submitLabelOf,
} from '../connectorForm';
import { CONNECTOR_SAVE_FAILED, OAUTH_START_FAILED } from '../connectorMessages';

/** What useConnectorForm is given: the account (null to add one), what was loaded for it, and what a save does. */
export interface ConnectorFormSource {
  connector: ConnectorSummary | null;
  stored: ConnectorMetadataView | null;
  storedFields: readonly CustomField[];
  connectorTypeSlug: string | undefined;
  onClose: () => void;
  onSaved: ((saved: { id: number; connectorTypeId: number }) => void) | undefined;
}

/** The drawer's unsaved values as "Test connection" sends them. */
type ConnectionTestDraft = Exclude<ConnectionTestTarget, number>;

const SET = { shouldDirty: true, shouldTouch: true, shouldValidate: true } as const;

/**
 * The state and actions of the connector drawer's form (spec 01 §2.3, §4, §5): the contract form
 * checked by the spec's rules (messages show once an input is changed or left, and all of them on
 * a submit), the type and its visible credential fields, Save's state and tooltip, what "Test
 * connection" sends for unsaved values and why it cannot run yet, the type and
 * choice switches (a switch clears the other choice's fields), custom-field removal, the sign-in
 * with the provider and the submit. A refused save puts the server's issues on their inputs and
 * shows a toast (a stale write's offers "Reload").
 */
export function useConnectorForm({
  connector,
  stored,
  storedFields,
  connectorTypeSlug,
  onClose,
  onSaved,
}: ConnectorFormSource) {
  const { features } = useSignedIn();
  const [deletedFields, setDeletedFields] = useState<number[]>([]);
  const isNew = connector === null;
  const storedSecrets = useMemo(() => stored?.secrets_set ?? [], [stored]);
  const rules = useMemo(() => ({ isNew, features, storedSecrets }), [isNew, features, storedSecrets]);
  const schema = useMemo(() => connectorFormSchema(rules), [rules]);

  const form = useContractForm<ConnectorFormParsed, ConnectorFormInput, ConnectorFormValues>(schema, {
    defaultValues: connectorFormDefaults(connector, stored, storedFields, connectorTypeSlug),
    mode: 'all',
  });
  const customFields = useFieldArray({ control: form.control, name: 'customFields' });
  const values = form.watch();
  const type = connectorTypeBySlug(values.connector_type_slug);
  const isDirectOAuthNew = type?.oauth === 'direct' && isNew;
  /** Whom the sign-in button names: "Google" for the Google ad servers, else the type. */
  const signInName = type?.signInWith ?? type?.name ?? '';
  const issues = useMemo(() => validateConnector(connectorDraftOf(values), rules), [values, rules]);
  // A new account of a direct type is made by the provider's answer: nothing to fill before it.
  const fields = type && !isDirectOAuthNew ? visibleFields(type, values.metadata ?? {}, features) : [];
  const { dirtyFields } = form.formState;

  const { chooseType, chooseOption, setMetadata, removeCustomField } = useConnectorEdits(
    form,
    type,
    customFields,
    setDeletedFields,
  );

  const { goToProvider, saveAccount, isBusy } = useConnectorSubmit({
    form,
    connector,
    type,
    isDirectOAuthNew,
    deletedFields,
    onClose,
    onSaved,
  });

  return {
    form,
    customFields,
    values,
    type,
    fields,
    isNew,
    isDirectOAuthNew,
    signInName,
    features,
    storedSecrets,
    isBusy,
    canSubmit: canSubmitConnector(issues, isBusy),
    submitBlockedReason: blockedReason(issues, fields),
    submitLabel: submitLabelOf(type, isDirectOAuthNew, signInName),
    ...connectionTestOf(form, connector, type, issues, fields),
    isDirty: Object.keys(dirtyFields).length > 0 || deletedFields.length > 0,
    chooseType,
    chooseOption,
    setMetadata,
    removeCustomField,
    goToProvider,
    submit: form.handleSubmit(saveAccount),
  };
}

/**
 * What "Test connection" needs of the drawer (spec 01 §4): why it cannot run yet (the
 * credentials' issues only: no name, no custom fields) and the unsaved values it sends.
 */
function connectionTestOf(
  form: UseFormReturn<ConnectorFormValues, unknown, ConnectorFormParsed>,
  connector: ConnectorSummary | null,
  type: ConnectorTypeDefinition | undefined,
  issues: ReturnType<typeof validateConnector>,
  fields: Parameters<typeof blockedReason>[1],
): { testBlockedReason: ReturnType<typeof blockedReason>; testDraft: () => ConnectionTestDraft } {
  return {
    testBlockedReason: blockedReason(
      issues.filter((i) => i.path !== 'name' && !i.path.startsWith('customFields')),
      fields,
    ),
    testDraft: () => ({
      id: connector?.id ?? null,
      name: form.getValues('name'),
      connector_type_slug: type?.slug ?? '',
      connector_type_id: type?.id ?? null,
      metadata: form.getValues('metadata') ?? {},
    }),
  };
}

/**
 * The drawer's edits that are more than typing (spec 01 §2.3, §5): choosing the type (its
 * metadata starts anew), switching an auth or option choice (the other choice's fields are
 * cleared), setting one metadata value, and removing a custom field (a saved one is remembered
 * in `setDeletedFields` so the save deletes it).
 */
function useConnectorEdits(
  form: UseFormReturn<ConnectorFormValues, unknown, ConnectorFormParsed>,
  type: ConnectorTypeDefinition | undefined,
  customFields: UseFieldArrayReturn<ConnectorFormValues, 'customFields'>,
  setDeletedFields: Dispatch<SetStateAction<number[]>>,
) {
  const chooseType = (slug: string | null) => {
    const next = slug ? connectorTypeBySlug(slug) : undefined;
    form.setValue('connector_type_slug', slug ?? '', SET);
    form.setValue('metadata', next ? newConnectorMetadata(next) : {}, {
      shouldDirty: true,
      shouldValidate: true,
    });
  };

  const chooseOption = (value: string) => {
    if (!type) return;
    const next = switchChoice(type, form.getValues('metadata') ?? {}, value);
    form.setValue('metadata', next.metadata, { shouldDirty: true, shouldValidate: true });
  };

  const setMetadata = (key: string, value: string) => form.setValue(`metadata.${key}`, value, SET);

  const removeCustomField = (index: number) => {
    const fieldId = form.getValues(`customFields.${index}.fieldId`);
    if (fieldId !== null) setDeletedFields((d) => [...d, fieldId]);
    customFields.remove(index);
  };

  return { chooseType, chooseOption, setMetadata, removeCustomField };
}

/** What useConnectorSubmit needs from the drawer's form. */
interface ConnectorSubmitContext {
  form: UseFormReturn<ConnectorFormValues, unknown, ConnectorFormParsed>;
  connector: ConnectorSummary | null;
  type: ConnectorTypeDefinition | undefined;
  isDirectOAuthNew: boolean;
  /** Ids of stored custom fields removed in the drawer. */
  deletedFields: readonly number[];
  onClose: () => void;
  onSaved: ConnectorFormSource['onSaved'];
}

/**
 * Saving the drawer (spec 01 §4, §7): a new account of a direct OAuth type goes to the provider
 * at once; otherwise the account is saved, then a save-first type goes to the provider, any other
 * says "Connected account added" or "saved", reports the saved id and closes the drawer. A refused
 * save puts the server's issues on their inputs and shows a toast (a stale write's offers
 * "Reload"); a sign-in that cannot start says so. `isBusy` while either request runs.
 */
function useConnectorSubmit({
  form,
  connector,
  type,
  isDirectOAuthNew,
  deletedFields,
  onClose,
  onSaved,
}: ConnectorSubmitContext) {
  const save = useSaveConnector();
  const startOAuth = useStartOAuth();
  const reload = useReloadConnectors();
  const isNew = connector === null;
  const isBusy = save.isPending || startOAuth.isPending;

  const goToProvider = async (connectorId: number | null, name: string, description: string) => {
    if (!type) return;
    try {
      const url = await startOAuth.mutateAsync({
        slug: type.slug,
        body: {
          connector_id: connectorId,
          connector_name: name,
          connector_description: description,
          connector_type_id: type.id,
          connector_type_slug: type.slug,
        },
      });
      window.location.assign(url);
    } catch (error) {
      notifyFailure(error, OAUTH_START_FAILED);
    }
  };

  const saveAccount = async (v: ConnectorFormParsed) => {
    if (!type || isBusy) return;
    if (isDirectOAuthNew) {
      await goToProvider(null, v.name.trim(), v.description);
      return;
    }
    try {
      const saved = await save.mutateAsync({
        id: connector?.id ?? null,
        name: v.name,
        description: v.description,
        connector_type_slug: type.slug,
        connector_type_id: type.id,
        metadata: v.metadata,
        customFields: v.customFields.map((f) => ({ id: f.fieldId, name: f.name, value: f.value })),
        deletedFields: [...deletedFields],
        updated_at: connector?.updated_at ?? null,
      });
      if (type.oauth === 'save-first') {
        await goToProvider(saved.id, saved.name, saved.description);
        return;
      }
      notifySuccess(isNew ? 'Connected account added' : 'Connected account saved');
      onSaved?.({ id: saved.id, connectorTypeId: type.id });
      onClose();
    } catch (error) {
      // Problems the server found show on their inputs, and the toast says the save failed.
      applyServerIssues(form, error);
      if (error instanceof AppError && error.code === 'STALE_WRITE')
        notifyFailure(error, CONNECTOR_SAVE_FAILED, reload);
      else notifyError(error instanceof AppError && error.message ? error.message : CONNECTOR_SAVE_FAILED);
    }
  };

  return { goToProvider, saveAccount, isBusy };
}

/** The connector drawer's form state, as useConnectorForm answers it. */
export type ConnectorFormState = ReturnType<typeof useConnectorForm>;
