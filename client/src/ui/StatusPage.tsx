import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** Props of StatusPage. */
export interface StatusPageProps {
  icon: ReactNode;
  title: string;
  message: ReactNode;
  /** An in-app link shown as a button, e.g. home. */
  link?: { to: string; label: string };
  /** Any other action, shown under the message. */
  action?: ReactNode;
}

/**
 * A full-width message page: the fallback page, "no access", "coming soon" and load failures
 * (spec 01 §2.2: any other path shows a fallback page).
 */
export function StatusPage({ icon, title, message, link, action }: StatusPageProps) {
  useDocumentTitle(`${title} · Nomen`);
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        {link ? (
          <Button component={Link} to={link.to} mt="sm">
            {link.label}
          </Button>
        ) : null}
        {action}
      </Stack>
    </Center>
  );
}
