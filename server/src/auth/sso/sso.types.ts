/**
 * What every single sign-on protocol hands the protocol-free sign-in (sso.signin.ts), and how it
 * refuses (README "Single sign-on").
 */

/**
 * A refused sign-in: `message` is what the person reads on the sign-in page and what the activity
 * log keeps (never a token or secret). Nothing has been created or changed when it is thrown.
 */
export class SsoRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SsoRefusal';
  }
}

/** The person an IdP vouched for, once the protocol's library has verified its answer. */
export interface SsoIdentity {
  /** The IdP's stable id of the person (OIDC `sub`, SAML NameID). */
  subject: string;
  /** The email claim or attribute as sent, or null. */
  email: string | null;
  /** The IdP's `email_verified` where it sends one (false refuses), else null. */
  emailVerified: boolean | null;
  /** Every claim (OIDC) or attribute (SAML) received, for the mapping and the test page. */
  claims: Record<string, unknown>;
  /** Until when the IdP vouches for this sign-in (ID token `exp`, assertion NotOnOrAfter), or null. */
  expiresAt: Date | null;
}
