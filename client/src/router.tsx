import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { LoginPage } from './features/auth/pages/LoginPage';
import { SetPasswordPage } from './features/auth/pages/SetPasswordPage';
import { RequirePage } from './features/shell/components/RequirePage';
import { NotFoundPage } from './features/shell/pages/NotFoundPage';
import { RouteErrorPage } from './features/shell/pages/RouteErrorPage';
import { SsoTestFinishedPage } from './features/sso/pages/SsoTestFinishedPage';
import { PageSkeleton } from './ui/PageSkeleton';

// The admin shell and screens load lazily, in their own chunks, so the sign-in page's bundle does
// not carry them (issue 9 "Lazy-load the admin routes").
const AdminShell = lazy(() =>
  import('./features/shell/components/AdminShell').then((m) => ({ default: m.AdminShell })),
);
const AdminLanding = lazy(() =>
  import('./features/shell/pages/AdminLanding').then((m) => ({ default: m.AdminLanding })),
);
const ActivitiesPage = lazy(() =>
  import('./features/activities/pages/ActivitiesPage').then((m) => ({ default: m.ActivitiesPage })),
);
const ApiTokensPage = lazy(() =>
  import('./features/api-tokens/pages/ApiTokensPage').then((m) => ({ default: m.ApiTokensPage })),
);
const ProfilePage = lazy(() =>
  import('./features/profile/pages/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);
const CodesPage = lazy(() =>
  import('./features/codes/pages/CodesPage').then((m) => ({ default: m.CodesPage })),
);
const NewSubmissionPage = lazy(() =>
  import('./features/codes/pages/NewSubmissionPage').then((m) => ({ default: m.NewSubmissionPage })),
);
const SubmissionPage = lazy(() =>
  import('./features/codes/pages/SubmissionPage').then((m) => ({ default: m.SubmissionPage })),
);
const DatasetDataPage = lazy(() =>
  import('./features/codes/pages/DatasetDataPage').then((m) => ({ default: m.DatasetDataPage })),
);
const ConnectorsPage = lazy(() =>
  import('./features/connectors/pages/ConnectorsPage').then((m) => ({ default: m.ConnectorsPage })),
);
const FieldsetEditorPage = lazy(() =>
  import('./features/fieldsets/pages/FieldsetEditorPage').then((m) => ({ default: m.FieldsetEditorPage })),
);
const FieldsetsPage = lazy(() =>
  import('./features/fieldsets/pages/FieldsetsPage').then((m) => ({ default: m.FieldsetsPage })),
);
const FoldersPage = lazy(() =>
  import('./features/folders/pages/FoldersPage').then((m) => ({ default: m.FoldersPage })),
);
const GroupsPage = lazy(() =>
  import('./features/groups/pages/GroupsPage').then((m) => ({ default: m.GroupsPage })),
);
const ListEditorPage = lazy(() =>
  import('./features/lists/editor/ListEditorPage').then((m) => ({ default: m.ListEditorPage })),
);
const ListsManagerPage = lazy(() =>
  import('./features/lists/pages/ListsManagerPage').then((m) => ({ default: m.ListsManagerPage })),
);
const ListsPage = lazy(() =>
  import('./features/lists/pages/ListsPage').then((m) => ({ default: m.ListsPage })),
);
const NewListPage = lazy(() =>
  import('./features/lists/pages/NewListPage').then((m) => ({ default: m.NewListPage })),
);
const PatternBuilderPage = lazy(() =>
  import('./features/patterns/pages/PatternBuilderPage').then((m) => ({ default: m.PatternBuilderPage })),
);
const PatternsPage = lazy(() =>
  import('./features/patterns/pages/PatternsPage').then((m) => ({ default: m.PatternsPage })),
);
const AuditsPage = lazy(() =>
  import('./features/audits/pages/AuditsPage').then((m) => ({ default: m.AuditsPage })),
);
const AuditPage = lazy(() =>
  import('./features/audits/pages/AuditPage').then((m) => ({ default: m.AuditPage })),
);
const ReportsPage = lazy(() =>
  import('./features/reports/pages/ReportsPage').then((m) => ({ default: m.ReportsPage })),
);
const SettingsPage = lazy(() =>
  import('./features/settings/pages/SettingsPage').then((m) => ({ default: m.SettingsPage })),
);
const SsoPage = lazy(() => import('./features/sso/pages/SsoPage').then((m) => ({ default: m.SsoPage })));
const TargetEditorPage = lazy(() =>
  import('./features/targets/pages/TargetEditorPage').then((m) => ({ default: m.TargetEditorPage })),
);
const TargetsPage = lazy(() =>
  import('./features/targets/pages/TargetsPage').then((m) => ({ default: m.TargetsPage })),
);
const TemplatesPage = lazy(() =>
  import('./features/templates/pages/TemplatesPage').then((m) => ({ default: m.TemplatesPage })),
);
const TemplateEditorPage = lazy(() =>
  import('./features/templates/editor/TemplateEditorPage').then((m) => ({ default: m.TemplateEditorPage })),
);
/**
 * The template editor's step route, resolved by the router while it navigates (route `lazy`), from
 * the editor's own chunk: a React.lazy element would suspend again after the template has loaded
 * and wait for React's reveal throttle before the step paints (bench:templates).
 */
async function templateStepRoute() {
  const { TemplateStepRoute } = await import('./features/templates/editor/TemplateEditorPage');
  return { Component: TemplateStepRoute };
}
const UsersPage = lazy(() =>
  import('./features/users/pages/UsersPage').then((m) => ({ default: m.UsersPage })),
);

/** A lazily loaded element with the loading skeleton while its chunk loads. */
function loading(element: ReactNode): ReactNode {
  return <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;
}

/** An admin route guarded by the permissions of the navigation page `pageKey` (spec 01 §6). */
function guarded(path: string, pageKey: string, element: ReactNode, children?: RouteObject[]): RouteObject {
  return { path, element: <RequirePage pageKey={pageKey}>{loading(element)}</RequirePage>, children };
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
      { path: '/sso/test-finished', element: <SsoTestFinishedPage /> },
      {
        path: '/admin',
        element: loading(<AdminShell />),
        children: [
          { index: true, element: loading(<AdminLanding />) },
          guarded('account/reports', 'reports', <ReportsPage />),
          guarded('audits', 'audits', <AuditsPage />),
          guarded('audits/:id', 'audits', <AuditPage />),
          guarded('users', 'users', <UsersPage />),
          guarded('groups', 'groups', <GroupsPage />),
          guarded('accounts', 'accounts', <ConnectorsPage />),
          guarded('targets', 'targets', <TargetsPage />),
          guarded('targets/:targetId', 'targets', <TargetEditorPage />),
          guarded('patterns', 'patterns', <PatternsPage />),
          guarded('patterns/:id', 'patterns', <PatternBuilderPage />),
          guarded('fieldsets', 'fieldsets', <FieldsetsPage />),
          guarded('fieldsets/:fieldSetId/fields', 'fieldsets', <FieldsetEditorPage />),
          guarded('lists', 'lists', <ListsPage />),
          guarded('lists/edit/:id', 'lists', <ListEditorPage />),
          guarded('lists-manager', 'lists', <ListsManagerPage />),
          guarded('lists-manager/new', 'lists', <NewListPage />),
          guarded('lists-manager/edit/:id', 'lists', <ListEditorPage />),
          guarded('templates', 'templates', <TemplatesPage />),
          {
            path: 'templates/edit-template',
            element: <Navigate to="/admin/templates/edit-template/new/setup" replace />,
          },
          guarded('templates/edit-template/:id', 'templates', <TemplateEditorPage />, [
            { index: true, element: <Navigate to="setup" replace /> },
            { path: ':step', lazy: templateStepRoute },
          ]),
          guarded('folders', 'folders', <FoldersPage />),
          guarded('account/settings', 'settings', <SettingsPage />),
          guarded('settings', 'settings', <SettingsPage />),
          guarded('settings/sso', 'settings', <SsoPage />),
          guarded('activities', 'activities', <ActivitiesPage />),
          // Everyone signed in manages their own tokens (issue 11 item 10): no page permission.
          { path: 'api-tokens', element: loading(<ApiTokensPage />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // One's own profile: everyone signed in, in the same shell as the admin pages.
        path: '/profile',
        element: loading(<AdminShell />),
        children: [{ index: true, element: loading(<ProfilePage />) }],
      },
      {
        // Submitting codes (issue 11 items 1, 2, 6), in the same shell as the admin pages.
        path: '/codes',
        element: loading(<AdminShell />),
        children: [
          { index: true, element: <RequirePage pageKey="codes">{loading(<CodesPage />)}</RequirePage> },
          guarded('new/:templateId', 'codes', <NewSubmissionPage />),
          guarded('submissions/:id', 'codes', <SubmissionPage />),
          guarded('details/:datasetId/data', 'codes', <DatasetDataPage />),
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
