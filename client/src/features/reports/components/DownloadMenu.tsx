import { Button, Group, Menu, Text } from '@mantine/core';
import type { DownloadableReport, DownloadQuery } from '@nomen/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyFailure } from '../../../ui/notify';
import { downloadReport } from '../api';

/** Props of DownloadMenu. */
export interface DownloadMenuProps {
  report: DownloadableReport;
  /** What the section is called, for the button's accessible name ("Download usage report"). */
  label: string;
  query?: Omit<DownloadQuery, 'format'>;
  disabled?: boolean;
  /** The button's text where "Download" alone would be unclear (e.g. the page header's logins report). */
  text?: string;
}

function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A section's download action (spec 01 §2.9, §7): CSV or Excel, streamed from the server; the
 * bytes received so far show while a long one runs, a refusal shows as a toast.
 */
export function DownloadMenu({ report, label, query = {}, disabled, text = 'Download' }: DownloadMenuProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setProgress(0);
    try {
      await downloadReport(report, { ...query, format }, setProgress);
    } catch (error) {
      notifyFailure(error, `The ${label} could not be downloaded.`);
    } finally {
      setProgress(null);
    }
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={progress !== null}
            disabled={disabled}
            aria-label={`Download ${label}`}
          >
            {text}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void run('csv')}>CSV (UTF-8)</Menu.Item>
          <Menu.Item onClick={() => void run('xlsx')}>Excel (.xlsx)</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {progress !== null && progress > 0 ? (
        <Text size="xs" c="dimmed" aria-live="polite">
          {sizeLabel(progress)} received
        </Text>
      ) : null}
    </Group>
  );
}
