import { describe, expect, it } from 'vitest';
import { claimValues, EMAIL_DOMAIN_PATTERN, emailDomainOf, mapAccess } from './sso.rules';

describe('single sign-on rules', () => {
  it('reads claims as lists of text, by name or dotted path', () => {
    const claims = {
      groups: ['a', 'b'],
      admin: true,
      'https://acme.com/roles': ['editor'],
      realm_access: { roles: ['nomen-admins'] },
      nested: { deep: null },
    };
    expect(claimValues(claims, 'groups')).toEqual(['a', 'b']);
    expect(claimValues(claims, 'admin')).toEqual(['true']);
    expect(claimValues(claims, 'https://acme.com/roles')).toEqual(['editor']);
    expect(claimValues(claims, 'realm_access.roles')).toEqual(['nomen-admins']);
    expect(claimValues(claims, 'nested.deep')).toEqual([]);
    expect(claimValues(claims, 'missing')).toEqual([]);
  });

  it('gives the most privileged mapped role, else the default, and the matched groups', () => {
    const rules = [
      { claim: 'groups', value: 'nomen-managers', role: 'MANAGER' as const },
      { claim: 'groups', value: 'nomen-admins', role: 'ADMIN' as const },
      { claim: 'groups', value: 'marketing', group_id: 7 },
      { claim: 'groups', value: 'sales', group_id: 3 },
    ];
    expect(mapAccess(rules, 'USER', { groups: ['nomen-managers', 'nomen-admins', 'marketing'] })).toEqual({
      role: 'ADMIN',
      roleFromClaim: true,
      groupIds: [7],
      governedGroupIds: [3, 7],
    });
    expect(mapAccess(rules, 'USER', { groups: ['Nomen-Admins'] })).toMatchObject({
      role: 'USER',
      roleFromClaim: false,
    });
  });

  it('knows an email domain', () => {
    expect(emailDomainOf('ann@Sub.Acme.com')).toBe('sub.acme.com');
    expect(emailDomainOf('nobody')).toBe('');
    expect(EMAIL_DOMAIN_PATTERN.test('acme.com')).toBe(true);
    expect(EMAIL_DOMAIN_PATTERN.test('@acme.com')).toBe(false);
    expect(EMAIL_DOMAIN_PATTERN.test('localhost')).toBe(false);
  });
});
