import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ActivitiesPage } from './features/activities/pages/ActivitiesPage';
import { LoginPage } from './features/auth/pages/LoginPage';
import { SetPasswordPage } from './features/auth/pages/SetPasswordPage';
import { FieldsetEditorPage } from './features/fieldsets/pages/FieldsetEditorPage';
import { FieldsetsPage } from './features/fieldsets/pages/FieldsetsPage';
import { FoldersPage } from './features/folders/pages/FoldersPage';
import { GroupsPage } from './features/groups/pages/GroupsPage';
import { ListEditorPage } from './features/lists/editor/ListEditorPage';
import { ListsManagerPage } from './features/lists/pages/ListsManagerPage';
import { ListsPage } from './features/lists/pages/ListsPage';
import { NewListPage } from './features/lists/pages/NewListPage';
import { PatternBuilderPage } from './features/patterns/pages/PatternBuilderPage';
import { PatternsPage } from './features/patterns/pages/PatternsPage';
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
          guarded('patterns', 'patterns', <PatternsPage />),
          guarded('patterns/:id', 'patterns', <PatternBuilderPage />),
          guarded('fieldsets', 'fieldsets', <FieldsetsPage />),
          guarded('fieldsets/:fieldSetId/fields', 'fieldsets', <FieldsetEditorPage />),
          guarded('lists', 'lists', <ListsPage />),
          guarded('lists/edit/:id', 'lists', <ListEditorPage />),
          guarded('lists-manager', 'lists', <ListsManagerPage />),
          guarded('lists-manager/new', 'lists', <NewListPage />),
          guarded('lists-manager/edit/:id', 'lists', <ListEditorPage />),
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
