import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ActivitiesPage } from './features/activities/pages/ActivitiesPage';
import { LoginPage } from './features/auth/pages/LoginPage';
import { SetPasswordPage } from './features/auth/pages/SetPasswordPage';
import { FoldersPage } from './features/folders/pages/FoldersPage';
import { GroupsPage } from './features/groups/pages/GroupsPage';
import { SettingsPage } from './features/settings/pages/SettingsPage';
import { AdminShell } from './features/shell/components/AdminShell';
import { RequirePage } from './features/shell/components/RequirePage';
import { AdminLanding } from './features/shell/pages/AdminLanding';
import { ComingSoonPage } from './features/shell/pages/ComingSoonPage';
import { NotFoundPage } from './features/shell/pages/NotFoundPage';
import { RouteErrorPage } from './features/shell/pages/RouteErrorPage';
import { UsersPage } from './features/users/pages/UsersPage';

/** An admin route guarded by the permissions of the navigation page `pageKey` (spec 01 §6). */
function guarded(path: string, pageKey: string, element: React.ReactNode): RouteObject {
  return { path, element: <RequirePage pageKey={pageKey}>{element}</RequirePage> };
}

/** A route of a screen a later issue builds: title and one sentence (spec 01 §2.2). */
function comingSoon(path: string, pageKey: string, title: string): RouteObject {
  return guarded(path, pageKey, <ComingSoonPage key={path} title={title} />);
}

/**
 * Every route of spec 01 §2.2 under /admin, plus sign-in, activation and password reset
 * (issue 2 §2). "/" goes to /admin; paths containing "connectors" go to /admin/accounts (in the
 * shell); any other path shows the fallback page.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <Navigate to="/admin" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/activate', element: <SetPasswordPage key="activation" purpose="activation" /> },
      { path: '/reset-password', element: <SetPasswordPage key="reset" purpose="reset" /> },
      {
        path: '/admin',
        element: <AdminShell />,
        children: [
          { index: true, element: <AdminLanding /> },
          comingSoon('account/reports', 'reports', 'Reports'),
          guarded('users', 'users', <UsersPage />),
          guarded('groups', 'groups', <GroupsPage />),
          comingSoon('accounts', 'accounts', 'Connected accounts'),
          comingSoon('targets', 'targets', 'Targets'),
          comingSoon('targets/:targetId', 'targets', 'Target editor'),
          comingSoon('patterns', 'patterns', 'Patterns'),
          comingSoon('patterns/:id', 'patterns', 'Pattern editor'),
          comingSoon('fieldsets', 'fieldsets', 'Field sets'),
          comingSoon('fieldsets/:fieldSetId/fields', 'fieldsets', 'Fields'),
          comingSoon('lists', 'lists', 'Lists'),
          comingSoon('lists/edit/:id', 'lists', 'List editor'),
          comingSoon('lists-manager', 'lists', 'Lists manager'),
          comingSoon('lists-manager/new', 'lists', 'New list'),
          comingSoon('lists-manager/edit/:id', 'lists', 'Edit list'),
          comingSoon('templates', 'templates', '{template}s'),
          {
            path: 'templates/edit-template',
            element: <Navigate to="/admin/templates/edit-template/new/setup" replace />,
          },
          comingSoon('templates/edit-template/:id/:step', 'templates', '{template} editor'),
          guarded('folders', 'folders', <FoldersPage />),
          guarded('account/settings', 'settings', <SettingsPage />),
          guarded('settings', 'settings', <SettingsPage />),
          guarded('activities', 'activities', <ActivitiesPage />),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The app's data router over `routes` (ARCHITECTURE.md, Client: react-router data routes). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
