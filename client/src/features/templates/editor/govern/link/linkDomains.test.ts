import { templateMessageText } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { settleDomainRestrictions } from './linkDomains';

describe('settleDomainRestrictions (spec 03 §3 domain restrictions)', () => {
  it('keeps valid domains and says nothing', () => {
    const settled = settleDomainRestrictions(['example.com']);
    expect(settled.error).toBeNull();
    expect(settled.rejected).toBeNull();
    expect(settled.domains).toHaveLength(1);
  });

  it('refuses an invalid entry and keeps it to be corrected', () => {
    const settled = settleDomainRestrictions(['example.com', ' not a domain ']);
    expect(settled.domains).toHaveLength(1);
    expect(settled.rejected).toBe('not a domain');
    expect(settled.error).toBe(templateMessageText('linkDomainInvalid', { domain: 'not a domain' }));
  });

  it('refuses a repeated domain without keeping it', () => {
    const settled = settleDomainRestrictions(['example.com', 'example.com']);
    expect(settled.domains).toHaveLength(1);
    expect(settled.rejected).toBeNull();
    expect(settled.error).not.toBeNull();
  });
});
