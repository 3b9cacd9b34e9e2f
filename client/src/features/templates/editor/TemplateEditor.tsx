import { Alert, Box, LoadingOverlay, Stack } from '@mantine/core';
import type { TemplateDraft, TemplateValidationContext } from '@nomen/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Outlet, useParams } from 'react-router-dom';
import { useLeaveConfirmation } from '../../../ui/useLeaveConfirmation';
import { useSignedIn } from '../../auth/api';
import { usePatterns } from '../../patterns/api';
import { editorStepOf, isInsideEditor } from '../templatePaths';
import {
  type TemplateEditorEnvironment,
  TemplateEditorProvider,
  useStoreSelector,
} from './TemplateEditorContext';
import { TemplateEditorHeader } from './TemplateEditorHeader';
import { createTemplateEditorStore } from './templateEditorStore';
import { TEMPLATE_SAVE_FAILED_MESSAGE } from './templateSave';
import { useKnownFieldsValidation } from './useKnownFieldsValidation';
import { useSaveDetectionOnLoad, useTemplateSave } from './useTemplateSaving';

interface TemplateEditorProps {
  initial: TemplateDraft;
  /** Reads the template again and restarts the editor from it. */
  onReload: () => Promise<void>;
}

/**
 * The template editor (spec 03 §2, §4): holds the draft in its store, validates it on every change
 * (`validateTemplate` with the account's flags and the patterns' current dates), renders the header
 * (steps, Save, notification popover) and the current step (nested route). On load it reads the
 * template logs (isSaving=true): a Running save is polled, a Failed last log shows the save-failed
 * error. Save: PUT, approvers, up to 5 log reads; then the template is read again (a new one gets its
 * id in the URL). The leave guard asks only after the user changed something (a fresh copy too:
 * spec 03 §2 "The guard is active only after the user has changed data"), never between steps.
 */
export function TemplateEditor({ initial, onReload }: TemplateEditorProps) {
  const me = useSignedIn();
  const patterns = usePatterns();
  const { step: stepParam } = useParams();
  const step = editorStepOf(stepParam) ?? 'setup';
  const templateId = initial.id;

  const validation = useMemo<TemplateValidationContext>(
    () => ({
      featureFlags: me.features,
      patterns: patterns.data?.data.map((p) => ({ id: p.id, updated_at: p.updated_at })),
    }),
    [me.features, patterns.data],
  );
  // One store per editor mount; the key of the page remounts the editor for another template.
  const [store] = useState(() => createTemplateEditorStore(initial, { validation }));
  useKnownFieldsValidation(store, validation);

  const changed = useStoreSelector(store, (s) => s.changed);
  const saving = useStoreSelector(store, (s) => s.saving);
  const [lastFailure, setLastFailure] = useState<string | null>(null);

  const isInside = useCallback(
    (pathname: string) => isInsideEditor(pathname, templateId ?? 'new'),
    [templateId],
  );
  const { allowNextNavigation } = useLeaveConfirmation(changed && !saving, undefined, isInside);
  useSaveDetectionOnLoad({ templateId, store, onReload, setLastFailure });
  const save = useTemplateSave({ store, templateId, step, onReload, setLastFailure, allowNextNavigation });

  const environment = useMemo<TemplateEditorEnvironment>(
    () => ({ store, me, templateId, hasFlag: (flag) => me.features.includes(flag) }),
    [store, me, templateId],
  );

  return (
    <TemplateEditorProvider value={environment}>
      <Stack gap="md">
        <TemplateEditorHeader step={step} onSave={() => void save()} />
        {lastFailure ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={TEMPLATE_SAVE_FAILED_MESSAGE}
            withCloseButton
            onClose={() => setLastFailure(null)}
            role="alert"
          >
            {lastFailure}
          </Alert>
        ) : null}
        <Box pos="relative">
          <LoadingOverlay
            visible={saving}
            zIndex={10}
            overlayProps={{ blur: 1 }}
            aria-label="Saving template"
          />
          <Outlet />
        </Box>
      </Stack>
    </TemplateEditorProvider>
  );
}
