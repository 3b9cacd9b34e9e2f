import { Group, NumberInput, Select, Stack, Switch, Textarea } from '@mantine/core';
import {
  isMetadataFlagOn,
  metadataText,
  QR_CODE_TYPES,
  QR_CONFIG_VALIDATION_DELAY_MS,
  QR_FILE_TYPES,
  QR_METADATA_KEYS,
  QR_MIN_SIZE,
  validateQrConfig,
} from '@nomen/shared';
import { useEffect } from 'react';
import { SectionIssues } from '../SectionIssues';
import type { IntegrationSectionProps } from './sectionProps';

/**
 * The QR code generator settings (spec 03 §3 "QR code generator metadata"; §4 "QR JSON config: a
 * validated flag is false after an edit and true once the text parses and all keys are allowed";
 * §5, §9: size at least 300, file types, JSON validation 250 ms after the last edit).
 */
export function QrCodeSection({ assignment, editing, issues }: IntegrationSectionProps) {
  const { metadata } = assignment;
  const set = (key: string, value: string | number) => void editing.change({ kind: 'metadata', key, value });
  const config = metadataText(metadata, QR_METADATA_KEYS.config);
  const validated = metadata[QR_METADATA_KEYS.configValidated];
  // Validate the config a moment after the last edit (spec 03 §9 "JSON validation delay 250 ms");
  // every edit of `config` starts the delay again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `config` restarts the delay
  useEffect(() => {
    if (validated !== 0 && validated !== '0') return;
    const timer = window.setTimeout(() => editing.update(validateQrConfig), QR_CONFIG_VALIDATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [config, validated, editing]);
  const flag = (key: string, label: string) => (
    <Switch
      label={label}
      checked={isMetadataFlagOn(metadata, key)}
      onChange={(event) => set(key, event.currentTarget.checked ? 1 : 0)}
    />
  );
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <Select
          label="Style"
          data={QR_CODE_TYPES.map((t) => ({ value: t, label: t === 'classic' ? 'Classic' : 'Transparent' }))}
          value={metadataText(metadata, QR_METADATA_KEYS.type) || null}
          onChange={(value) => set(QR_METADATA_KEYS.type, value ?? '')}
        />
        <NumberInput
          label="Size (px)"
          min={QR_MIN_SIZE}
          step={50}
          value={metadataText(metadata, QR_METADATA_KEYS.size)}
          onChange={(value) => set(QR_METADATA_KEYS.size, value === '' ? '' : Number(value))}
        />
        <Select
          label="File type"
          data={QR_FILE_TYPES.map((t) => ({ value: t, label: t.toUpperCase() }))}
          value={metadataText(metadata, QR_METADATA_KEYS.fileType) || null}
          onChange={(value) => set(QR_METADATA_KEYS.fileType, value ?? '')}
        />
      </Group>
      <Group gap="xl">
        {flag(QR_METADATA_KEYS.useShortened, 'Encode the shortened link')}
        {flag(QR_METADATA_KEYS.dontRegenerate, 'Do not regenerate existing codes')}
      </Group>
      <Textarea
        label="Design (JSON)"
        description="Optional: body, eye, colours, logo… as QR Code Monkey names them"
        autosize
        minRows={2}
        maxRows={8}
        value={config}
        onChange={(event) => set(QR_METADATA_KEYS.config, event.currentTarget.value)}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <SectionIssues issues={issues} />
    </Stack>
  );
}
