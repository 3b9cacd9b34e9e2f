import { Select, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import {
  type LinkDrawerDraft,
  linkSourceFields,
  type TemplateField,
  templateFieldChoiceLabel,
} from '@nomen/shared';
import { useMemo, useRef, useState } from 'react';
import { useFieldsetNames } from '../useFieldsetNames';
import { settleDomainRestrictions } from './linkDomains';

/** Props of LinkFieldSection. */
export interface LinkFieldSectionProps {
  draft: LinkDrawerDraft;
  onChange: (recipe: (draft: LinkDrawerDraft) => LinkDrawerDraft) => void;
  /** The template's fields, for the autofill source. */
  fields: readonly TemplateField[];
  /** Error messages by input target (`name`). */
  errors: ReadonlyMap<string, string>;
  /** Whether the account has allow-redirect-links (spec 03 §6). */
  canUseRedirect: boolean;
}

/**
 * The link field's own settings in the link drawer (spec 03 §2, §3 link_governance): its name
 * (required), an optional autofill source, the domain restrictions (each typed host is checked and
 * stored lower-case), the redirect option (allow-redirect-links flag) and "do not encode manually
 * entered parameters".
 */
export function LinkFieldSection({ draft, onChange, fields, errors, canUseRedirect }: LinkFieldSectionProps) {
  const sources = useMemo(() => linkSourceFields(fields), [fields]);
  const fieldsetNames = useFieldsetNames();
  const sourceData = useMemo(
    () =>
      sources.map((tf) => ({
        value: String(tf.field_id),
        label: templateFieldChoiceLabel(tf, fields, fieldsetNames),
      })),
    [sources, fields, fieldsetNames],
  );
  const governance = draft.link_governance;
  return (
    <Stack gap="md">
      <TextInput
        label="Field name"
        description="The name of the link field on the form."
        required
        maxLength={255}
        data-autofocus
        data-link-target="name"
        value={draft.name}
        error={errors.get('name')}
        onChange={(event) => {
          const name = event.currentTarget.value;
          onChange((d) => ({ ...d, name }));
        }}
      />
      <Select
        label="Autofill from"
        description="Optional: the link is filled from this field's value."
        placeholder="No autofill"
        clearable
        searchable
        nothingFoundMessage="No field of this template matches"
        data={sourceData}
        value={draft.autofill_field_id === null ? null : String(draft.autofill_field_id)}
        onChange={(value) => {
          const tf = value === null ? null : sources.find((f) => String(f.field_id) === value);
          onChange((d) => ({ ...d, autofill_field_id: tf?.field_id ?? null }));
        }}
      />
      <DomainRestrictionsInput
        domains={governance.domain_restrictions}
        onChange={(next) =>
          onChange((d) => ({ ...d, link_governance: { ...d.link_governance, domain_restrictions: next } }))
        }
      />
      {canUseRedirect ? (
        <Switch
          label="Use a redirect URL"
          description="Published links go through a redirect, so their destination can change later."
          checked={governance.use_redirect_url}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            onChange((d) => ({ ...d, link_governance: { ...d.link_governance, use_redirect_url: checked } }));
          }}
        />
      ) : null}
      <Switch
        label="Do not encode manually entered parameters"
        description="Parameters typed into the link by hand are kept as typed; only the governed parameters below are encoded."
        checked={governance.do_not_encode_manually_entered_parameters}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          onChange((d) => ({
            ...d,
            link_governance: { ...d.link_governance, do_not_encode_manually_entered_parameters: checked },
          }));
        }}
      />
    </Stack>
  );
}

/**
 * The domain restrictions (spec 03 §3): typed hosts checked and stored lower-case; a refused entry
 * shows its message and stays in the input so that it can be corrected rather than typed again.
 */
function DomainRestrictionsInput(props: { domains: string[]; onChange: (domains: string[]) => void }) {
  const [domainSearch, setDomainSearch] = useState('');
  const [domainError, setDomainError] = useState<string | null>(null);
  const refused = useRef<string | null>(null);

  const setDomains = (values: string[]) => {
    const { domains, error, rejected } = settleDomainRestrictions(values);
    setDomainError(error);
    refused.current = rejected;
    if (rejected !== null) setDomainSearch(rejected);
    props.onChange(domains);
  };
  return (
    <TagsInput
      label="Domain restrictions"
      description="Links may only point at these domains (press Enter after each). Leave empty to allow any domain; *.example.com allows its subdomains."
      placeholder={props.domains.length === 0 ? 'example.com' : undefined}
      value={props.domains}
      onChange={setDomains}
      searchValue={domainSearch}
      onSearchChange={(value) => {
        if (value === '' && refused.current !== null) {
          setDomainSearch(refused.current);
          refused.current = null;
          return;
        }
        refused.current = null;
        if (domainError) setDomainError(null);
        setDomainSearch(value);
      }}
      splitChars={[',', ' ']}
      allowDuplicates
      clearable
      error={domainError}
    />
  );
}
