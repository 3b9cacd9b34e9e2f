import { describe, expect, it } from 'vitest';
import { isAuthPath, loginPathFor, safeNextPath } from './loginRedirect';

describe('loginPathFor', () => {
  it('carries the current path and query in next', () => {
    expect(loginPathFor('/admin/users?q=ann')).toBe('/login?next=%2Fadmin%2Fusers%3Fq%3Dann');
  });

  it('needs no next for the root or the sign-in pages', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/login?next=%2Fadmin')).toBe('/login');
    expect(loginPathFor('/reset-password?token=abc')).toBe('/login');
  });
});

describe('safeNextPath', () => {
  it('accepts in-app paths', () => {
    expect(safeNextPath('/admin/groups')).toBe('/admin/groups');
    expect(safeNextPath('/admin/users?q=a#top')).toBe('/admin/users?q=a#top');
  });

  it('refuses other origins, protocol-relative and odd paths', () => {
    expect(safeNextPath('https://evil.test/')).toBe('/admin');
    expect(safeNextPath('//evil.test/')).toBe('/admin');
    expect(safeNextPath('/\\evil.test')).toBe('/admin');
    expect(safeNextPath('admin')).toBe('/admin');
    expect(safeNextPath(null)).toBe('/admin');
    expect(safeNextPath('/login')).toBe('/admin');
  });
});

describe('isAuthPath', () => {
  it('knows the sign-in pages', () => {
    expect(isAuthPath('/login')).toBe(true);
    expect(isAuthPath('/activate')).toBe(true);
    expect(isAuthPath('/admin/login')).toBe(false);
  });
});
