import {
  Anchor,
  AppShell,
  Avatar,
  Burger,
  Divider,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type Me, visiblePages } from '@nomen/shared';
import { IconChevronDown, IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { errorStatus } from '../../../api/errors';
import { StatusPage } from '../../../ui/StatusPage';
import { useMe, useSignOut } from '../../auth/api';
import { ApprovalsBadge } from '../../codes/approval/ApprovalsBadge';
import { isPageActive } from '../navigation';
import { pageLabel } from '../wording';
import { BrandMark } from './BrandMark';
import { FullPageLoader } from './FullPageLoader';
import { NAV_ICONS } from './navIcons';

/** Initials of a name for the avatar, e.g. "AM" for Alex Morgan. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * The user menu at the header's right (spec 01 §2): the user's initials and name; their name and
 * email, "Profile", "API tokens" and "Sign out".
 */
function UserMenu({ user }: { user: Me['user'] }) {
  const { signOut, isPending: isSigningOut } = useSignOut();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="User menu" px="xs" py={4} style={{ borderRadius: 8 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size={32} color="blue">
              {initials(user.name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="xs">
              {user.name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={500} c="var(--mantine-color-text)">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} aria-hidden />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/admin/api-tokens" leftSection={<IconKey size={16} aria-hidden />}>
          API tokens
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={signOut}
          disabled={isSigningOut}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Props of {@link AdminNav}. */
interface AdminNavProps {
  /** The pages the user may open, in order (visiblePages). */
  pages: ReturnType<typeof visiblePages>;
  features: Me['features'];
  /** The current path, which marks the active page. */
  pathname: string;
  /** Called when a page is chosen (closes the navigation on small screens). */
  onNavigate: () => void;
}

/**
 * The navigation links (spec 01 §2): one per page the user may open, worded per the
 * datasets-page flag, the current one marked; Codes carries the approvals badge.
 */
function AdminNav({ pages, features, pathname, onNavigate }: AdminNavProps) {
  return (
    <>
      {pages.map((page) => {
        const Icon = NAV_ICONS[page.key];
        const isActive = isPageActive(page, pathname);
        return (
          <NavLink
            key={page.key}
            component={Link}
            to={page.path}
            label={pageLabel(page, features)}
            leftSection={Icon ? <Icon size={18} stroke={1.6} aria-hidden /> : null}
            rightSection={page.key === 'codes' ? <ApprovalsBadge /> : null}
            active={isActive}
            aria-current={isActive ? 'page' : undefined}
            onClick={onNavigate}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        );
      })}
    </>
  );
}

/**
 * The admin shell under /admin (spec 01 §2): header with the account, the user and sign-out;
 * navigation with only the pages the user may open (visiblePages), worded per the datasets-page
 * flag; the page in the main area. Any path containing "connectors" goes to /admin/accounts
 * (spec 01 §2.2). Waits for /auth/me; a 401 has already sent the user to /login.
 */
export function AdminShell() {
  const me = useMe();
  const location = useLocation();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);

  if (location.pathname.includes('connectors')) return <Navigate to="/admin/accounts" replace />;
  if (!me.data) {
    if (me.error && errorStatus(me.error) !== 401) {
      return (
        <StatusPage
          icon={<IconLogout size={28} />}
          title="Nomen could not load your account"
          message="The server did not answer as expected. Check your connection and try again."
          link={{ to: '/login', label: 'Go to sign in' }}
        />
      );
    }
    return <FullPageLoader />;
  }

  const { user, account, permissions, features } = me.data;
  const pages = visiblePages(permissions, features);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="xl"
    >
      <Anchor
        href="#main"
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </Anchor>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Anchor component={Link} to="/admin" underline="never" c="inherit" aria-label="Nomen home">
              <BrandMark />
            </Anchor>
            <Divider orientation="vertical" visibleFrom="sm" />
            <Text fw={500} visibleFrom="sm" data-testid="account-name">
              {account.name}
            </Text>
          </Group>
          <UserMenu user={user} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Admin navigation" component="nav">
        <AppShell.Section grow component={ScrollArea}>
          <AdminNav pages={pages} features={features} pathname={location.pathname} onNavigate={closeNav} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }} bg="var(--mantine-color-gray-0)">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
