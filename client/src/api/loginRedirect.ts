/** Paths of the sign-in pages, where a 401 must not send the user to /login again (issue 2 §2). */
export const AUTH_PATHS = ['/login', '/activate', '/reset-password'] as const;

/** Whether `pathname` is one of the sign-in pages (issue 2 §2). */
export function isAuthPath(pathname: string): boolean {
  return AUTH_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * The sign-in URL that brings the user back to `currentPath` afterwards (issue 2 §2:
 * `/login?next=<path>`). The sign-in pages themselves and "/" need no `next`.
 */
export function loginPathFor(currentPath: string): string {
  const pathname = currentPath.split(/[?#]/)[0] ?? '';
  if (pathname === '' || pathname === '/' || isAuthPath(pathname)) return '/login';
  return `/login?next=${encodeURIComponent(currentPath)}`;
}

/**
 * The in-app path a `next` parameter may send the user to after signing in, or `/admin`. Only
 * same-origin absolute paths are accepted, so a crafted link cannot redirect elsewhere (issue 2 §2).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/admin';
  const pathname = next.split(/[?#]/)[0] ?? '';
  if (isAuthPath(pathname)) return '/admin';
  return next;
}
