import { ADMIN_PAGES, canOpenPage } from '@nomen/shared';
import type { ReactNode } from 'react';
import { useSignedIn } from '../../auth/api';
import { NoAccessPage } from '../pages/NoAccessPage';
import { NotFoundPage } from '../pages/NotFoundPage';

/** Props of RequirePage. */
export interface RequirePageProps {
  /** Key of the admin page in ADMIN_PAGES whose permissions the route needs. */
  pageKey: string;
  children: ReactNode;
}

/**
 * Guards an admin route (spec 01 §2.2, §6): a page behind a feature flag that is off is the
 * fallback page (e.g. /admin/activities without user-activity-log); a page the user's
 * permissions do not open shows "You don't have access to this page".
 */
export function RequirePage({ pageKey, children }: RequirePageProps) {
  const { permissions, features } = useSignedIn();
  const page = ADMIN_PAGES.find((p) => p.key === pageKey);
  if (!page || (page.feature && !features.includes(page.feature))) return <NotFoundPage />;
  if (!canOpenPage(page, permissions, features)) return <NoAccessPage />;
  return children;
}
