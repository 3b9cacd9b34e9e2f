import { Alert, Button, Group, Loader, Modal, MultiSelect, Stack, Switch, Text } from '@mantine/core';
import { AppError, type DraftSharing } from '@nomen/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../../api/errors';
import { confirmAction } from '../../../../ui/confirmAction';
import { notifyError, notifySuccess } from '../../../../ui/notify';
import { useShareCandidates, useShareDraft } from '../../api';
import { isShared, type SharePerson, shareOptions, sharingErrors } from './sharingText';

/** The draft a share dialog is about. */
export interface SharedDraftRef {
  id: number;
  name: string;
  template_name: string;
}

/** Props of {@link ShareDraftDialog}. */
export interface ShareDraftDialogProps {
  draft: SharedDraftRef;
  /** Who it is shared with now (GET sharing). */
  sharing: DraftSharing;
  onClose: () => void;
}

/** The errors the server put on the dialog's fields. */
interface FieldErrors {
  people: string | null;
  everyone: string | null;
}

const NO_ERRORS: FieldErrors = { people: null, everyone: null };

/**
 * The dialog's choice and saving it (PUT sharing): `save(everyone, userIds)` sends it and closes on
 * success; a 400 puts its issues on the fields; sharing with nobody asks first ("Stop sharing").
 */
function useSharingSave(draft: SharedDraftRef, people: ReadonlyMap<number, string>, onClose: () => void) {
  const share = useShareDraft(draft.id);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const save = async (everyone: boolean, userIds: number[]) => {
    const isStopping = !everyone && userIds.length === 0;
    if (
      isStopping &&
      !(await confirmAction({
        title: 'Stop sharing this draft?',
        message: `The people in “${draft.name}” can no longer open it; its rows stay yours as they are now.`,
        confirmLabel: 'Stop sharing',
      }))
    )
      return;
    setErrors(NO_ERRORS);
    try {
      await share.mutateAsync({ everyone, user_ids: userIds });
      notifySuccess(isStopping ? 'The draft is no longer shared' : 'Sharing saved');
      onClose();
    } catch (error) {
      const onFields = sharingErrors(error instanceof AppError ? error.issues : undefined, userIds, people);
      setErrors(onFields);
      if (!onFields.people && !onFields.everyone)
        notifyError(errorMessage(error, 'The sharing could not be saved. Please try again.'));
    }
  };
  return { save, errors, isSaving: share.isPending };
}

/** Props of SharePeoplePicker. */
interface SharePeoplePickerProps {
  options: ReturnType<typeof shareOptions>;
  value: string[];
  onChange: (value: string[]) => void;
  isLoading: boolean;
  error: string | null;
  disabled: boolean;
}

/** The searchable people picker: those who may use the template, the owner left out. */
function SharePeoplePicker({ options, value, onChange, isLoading, error, disabled }: SharePeoplePickerProps) {
  return (
    <MultiSelect
      label="People"
      description="Only people who may use this template can be invited."
      placeholder={isLoading ? 'Loading people…' : value.length === 0 ? 'Choose people' : undefined}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage="Nobody else who may use this template has this name"
      aria-busy={isLoading}
      rightSection={isLoading ? <Loader size="xs" aria-hidden /> : undefined}
      error={error}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * "Share draft" (shared drafts; the draft's owner only): a switch "Everyone who may use
 * <template>" and a searchable people picker fed by the share candidates, starting from who is in
 * the draft now; Save replaces the sharing (PUT sharing), the server's refusals shown on the field;
 * "Stop sharing" shares it with nobody after a confirmation, as does saving with nobody chosen.
 */
export function ShareDraftDialog({ draft, sharing, onClose }: ShareDraftDialogProps) {
  const candidates = useShareCandidates(draft.id, true);
  const [everyone, setEveryone] = useState(sharing.everyone);
  const [userIds, setUserIds] = useState(() => sharing.people.map((p) => String(p.id)));
  const known: SharePerson[] = useMemo(
    () => [...(candidates.data?.data ?? []), ...sharing.people],
    [candidates.data, sharing.people],
  );
  const names = useMemo(() => new Map(known.map((p) => [p.id, p.name])), [known]);
  const options = useMemo(
    () => shareOptions(candidates.data?.data ?? [], sharing.people),
    [candidates.data, sharing.people],
  );
  const { save, errors, isSaving } = useSharingSave(draft, names, onClose);
  const ids = userIds.map(Number);

  return (
    <Modal opened onClose={onClose} title={`Share “${draft.name}”`} centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The people you share this draft with fill it with you, live; any of them may submit it.
        </Text>
        {candidates.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />}>
            {errorMessage(candidates.error, 'The people who may use this template could not be loaded.')}
          </Alert>
        ) : null}
        <Switch
          label={`Everyone who may use ${draft.template_name}`}
          checked={everyone}
          onChange={(event) => setEveryone(event.currentTarget.checked)}
          error={errors.everyone}
          disabled={isSaving}
        />
        <SharePeoplePicker
          options={options}
          value={userIds}
          onChange={setUserIds}
          isLoading={candidates.isPending}
          error={errors.people}
          disabled={isSaving}
        />
        <Group justify="space-between">
          <div>
            {isShared(sharing) ? (
              <Button variant="subtle" color="red" onClick={() => void save(false, [])} disabled={isSaving}>
                Stop sharing
              </Button>
            ) : null}
          </div>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button onClick={() => void save(everyone, ids)} loading={isSaving}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
