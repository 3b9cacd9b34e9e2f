import { Alert, Box, Button, Drawer, Grid, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import {
  applyLinkDrawerDraft,
  LINK_DRAWER_SECTION_LABELS,
  LINK_DRAWER_SECTIONS,
  type LinkDrawerDraft,
  linkDrawerDraftOf,
  linkDrawerErrorCounts,
  linkDrawerErrors,
  type TemplateField,
  type TemplateFieldId,
  templateMessageText,
} from '@nomen/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { confirmAction } from '../../../../../ui/confirmAction';
import { useTemplateEditor, useTemplateEditorEnvironment } from '../../TemplateEditorContext';
import { LinkDrawerSection } from './LinkDrawerSection';
import { LinkFieldSection } from './LinkFieldSection';
import { LinkParametersSection } from './LinkParametersSection';
import { AddValidationMenu, LinkValidationsSection } from './LinkValidationsSection';

/** Props of the link governance drawer. */
export interface LinkGovernanceDrawerProps {
  /** The link template field being edited; null keeps the drawer closed. */
  fieldId: TemplateFieldId | null;
  onClose: () => void;
}

/** Width of the link drawer (spec 03 §9 "Link drawer width 90% of viewport"). */
export const LINK_DRAWER_WIDTH = '90%';

const NO_FIELDS: readonly TemplateField[] = [];

/** One open session of the drawer: the field, the copy it started from and the copy being edited. */
interface Session {
  fieldId: TemplateFieldId;
  initial: LinkDrawerDraft | null;
  draft: LinkDrawerDraft | null;
  /** Closed: kept to show while the drawer slides out; the next opening starts afresh. */
  isClosed: boolean;
}

/**
 * The link governance drawer (spec 03 §2 "Link governance drawer", §4 "Link drawer", §5 "Link
 * governance"): a right-hand drawer 90 % of the viewport wide that edits a local copy of the link
 * field (name, autofill source, domain restrictions, redirect and encoding options), the
 * template's link parameters (with the live link preview) and its link validations (hidden with
 * disable-link-validations). Errors are counted per section (Field Name, Link Parameters, Link
 * Validations). Save applies the copy to the editor's store, dropping parameters with neither name
 * nor field; a Save while errors remain asks whether to discard the changes or go back to fix them
 * (and then focuses the first error). Closing with unsaved changes asks before discarding them.
 */
export function LinkGovernanceDrawer({ fieldId, onClose }: LinkGovernanceDrawerProps) {
  const { store, hasFlag } = useTemplateEditorEnvironment();
  // Read only while open, so that a closed drawer never re-renders on the govern step's keystrokes.
  const fields = useTemplateEditor((state) => (fieldId === null ? NO_FIELDS : state.draft.template_fields));
  const [session, setSession] = useState<Session | null>(null);
  const [isBlockedOpen, setBlockedOpen] = useState(false);
  const body = useRef<HTMLDivElement>(null);

  // A new opening starts a new copy from the store (React's "reset state when a prop changes").
  if (
    fieldId !== null &&
    (session === null || session.isClosed || String(session.fieldId) !== String(fieldId))
  ) {
    const initial = linkDrawerDraftOf(store.getState().draft, fieldId);
    setSession({ fieldId, initial, draft: initial, isClosed: false });
  } else if (fieldId === null && session !== null && !session.isClosed) {
    // Closed from outside (e.g. ?open= left the address): the next opening starts afresh.
    setSession({ ...session, isClosed: true });
    setBlockedOpen(false);
  }
  const current = session;
  const draft = current?.draft ?? null;

  const validationsEnabled = !hasFlag('disable-link-validations');
  const errors = useMemo(
    () => (draft ? linkDrawerErrors(draft, { validationsEnabled }) : []),
    [draft, validationsEnabled],
  );
  const messages = useMemo(
    () => new Map(errors.map((e) => [e.target, templateMessageText(e.messageId, e.params)])),
    [errors],
  );
  const counts = linkDrawerErrorCounts(errors);
  // Changed means different from the opening copy, so an edit undone by hand is no change.
  const isChanged = useMemo(
    () =>
      current !== null &&
      current.draft !== current.initial &&
      JSON.stringify(current.draft) !== JSON.stringify(current.initial),
    [current],
  );

  const onChange = useCallback((recipe: (draft: LinkDrawerDraft) => LinkDrawerDraft) => {
    setSession((s) => (s?.draft ? { ...s, draft: recipe(s.draft) } : s));
  }, []);

  const close = () => {
    setBlockedOpen(false);
    setSession((s) => (s ? { ...s, isClosed: true } : s));
    onClose();
  };
  const requestClose = async () => {
    if (isChanged) {
      const discard = await confirmAction({
        title: 'Discard your changes to the link?',
        message: 'The changes made in this drawer are not applied to the template.',
        confirmLabel: 'Discard changes',
      });
      if (!discard) return;
    }
    close();
  };
  const save = () => {
    if (!current || !draft) return close();
    if (errors.length > 0) {
      setBlockedOpen(true);
      return;
    }
    if (isChanged) store.update((template) => applyLinkDrawerDraft(template, current.fieldId, draft));
    close();
  };
  const goBackToFix = () => {
    setBlockedOpen(false);
    const first = errors[0];
    if (!first) return;
    // After the dialog has given focus back, move it to the first input with an error.
    window.setTimeout(() => {
      const element = body.current?.querySelector<HTMLElement>(
        `[data-link-target="${CSS.escape(first.target)}"]`,
      );
      element?.scrollIntoView({ block: 'center' });
      element?.focus();
    }, 0);
  };

  return (
    <>
      <Drawer
        opened={fieldId !== null}
        onClose={() => void requestClose()}
        position="right"
        size={LINK_DRAWER_WIDTH}
        padding={0}
        title="Link governance"
        closeButtonProps={{ 'aria-label': 'Close the link drawer' }}
        styles={{
          header: { paddingInline: 'var(--mantine-spacing-lg)' },
          content: { display: 'flex', flexDirection: 'column' },
          body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 },
          title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' },
        }}
      >
        {current === null ? null : draft === null ? (
          <Box p="lg">
            <Alert
              color="red"
              icon={<IconAlertCircle aria-hidden />}
              title="This field is not the template's link field"
            >
              Only the link field has link governance. Close the drawer and edit the link field.
            </Alert>
          </Box>
        ) : (
          <>
            <ScrollArea style={{ flex: 1 }} px="lg" viewportRef={body}>
              <Stack gap="lg" py="md">
                <Grid gap="lg" align="flex-start">
                  <Grid.Col span={{ base: 12, lg: 4 }}>
                    <LinkDrawerSection
                      title={LINK_DRAWER_SECTION_LABELS.fieldName}
                      errorCount={counts.fieldName}
                    >
                      <LinkFieldSection
                        draft={draft}
                        onChange={onChange}
                        fields={fields}
                        errors={messages}
                        canUseRedirect={hasFlag('allow-redirect-links')}
                      />
                    </LinkDrawerSection>
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, lg: 8 }}>
                    <LinkDrawerSection
                      title={LINK_DRAWER_SECTION_LABELS.parameters}
                      errorCount={counts.parameters}
                    >
                      <LinkParametersSection
                        draft={draft}
                        onChange={onChange}
                        fields={fields}
                        errors={messages}
                        showNameEncoding={hasFlag('url-name-encoding-option')}
                      />
                    </LinkDrawerSection>
                  </Grid.Col>
                </Grid>
                {validationsEnabled ? (
                  <LinkDrawerSection
                    title={LINK_DRAWER_SECTION_LABELS.validations}
                    errorCount={counts.validations}
                    aside={<AddValidationMenu draft={draft} onChange={onChange} />}
                  >
                    <LinkValidationsSection draft={draft} onChange={onChange} errors={messages} />
                  </LinkDrawerSection>
                ) : null}
              </Stack>
            </ScrollArea>
            <Group
              justify="flex-end"
              gap="sm"
              px="lg"
              py="md"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              {errors.length > 0 ? (
                <Text size="sm" c="red" mr="auto" role="status">
                  {errors.length} {errors.length === 1 ? 'error' : 'errors'} to fix
                </Text>
              ) : null}
              <Button variant="default" onClick={() => void requestClose()}>
                Cancel
              </Button>
              <Button onClick={save}>Save</Button>
            </Group>
          </>
        )}
      </Drawer>
      <Modal opened={isBlockedOpen} onClose={goBackToFix} title="The link has errors" centered zIndex={400}>
        <Stack gap="md">
          <Text size="sm">These sections have errors, so the link cannot be saved as it is:</Text>
          <List size="sm">
            {LINK_DRAWER_SECTIONS.filter((section) => counts[section] > 0).map((section) => (
              <List.Item key={section}>
                {LINK_DRAWER_SECTION_LABELS[section]}: {counts[section]}{' '}
                {counts[section] === 1 ? 'error' : 'errors'}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end" gap="sm">
            <Button variant="light" color="red" onClick={close}>
              Discard changes
            </Button>
            <Button onClick={goBackToFix} data-autofocus>
              Go back to fix
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
