import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { BrandMark } from '../../shell/components/BrandMark';

/** Props of AuthLayout. */
export interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The centred card around the sign-in, activation and password-reset forms (issue 2 §2). */
export function AuthLayout({ title, description, children }: AuthLayoutProps) {
  useDocumentTitle(`${title} · Nomen`);
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={420} gap="lg">
        <Center>
          <BrandMark size="lg" />
        </Center>
        <Paper withBorder shadow="sm" radius="md" p="xl" component="main">
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} size="h3">
                {title}
              </Title>
              {description ? (
                <Text size="sm" c="dimmed">
                  {description}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
