import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

/** One person at the SAML IdP; tests change them between sign-ins. */
export interface SamlPerson {
  email: string;
  name?: string;
  groups?: string[];
}

/** What a test may change in one Response, to play a misbehaving or hostile IdP. */
export interface SamlResponseOptions {
  /** The AuthnRequest answered; absent for an IdP-initiated sign-in. */
  inResponseTo?: string;
  /** The Audience; Nomen's SP entity id unless told. */
  audience?: string;
  /** The Issuer of the Response and the assertion; the peer's entity id unless told. */
  issuer?: string;
  /** Seconds from now until the assertion expires (negative: already expired). 300 unless told. */
  validForSeconds?: number;
  /** The IdP session's end (AuthnStatement SessionNotOnOrAfter), when the IdP states one. */
  sessionNotOnOrAfter?: Date;
  /** Signs with another key than the one in the metadata (a forged signature). */
  foreignKey?: boolean;
  /** Edits the signed XML after signing (a tampered assertion). */
  tamper?: (xml: string) => string;
}

/** A form the IdP's page posts to the ACS: what a browser would send. */
export interface SamlPost {
  acsUrl: string;
  SAMLResponse: string;
  RelayState?: string;
}

/** A running SAML 2.0 IdP playing a company's IdP for Nomen's single sign-on. */
export interface SsoSamlPeer {
  entityId: string;
  /** The HTTP-Redirect single sign-on URL. */
  ssoUrl: string;
  metadataUrl: string;
  metadata: string;
  /** The signing certificate, PEM. */
  certificate: string;
  /** The directory by login name; unknown logins get `<login>@sso.test`. */
  people: Map<string, SamlPerson>;
  /**
   * Answers an SP-initiated sign-in as `login`: reads the AuthnRequest of `idpUrl` (the redirect
   * Nomen sent the browser to) like the IdP's page does, and answers the form it would post.
   */
  answer(idpUrl: string, login: string, options?: SamlResponseOptions): SamlPost;
  /** A signed Response for `login` posted to `acsUrl`, naming `audience` (IdP-initiated unless told). */
  response(login: string, acsUrl: string, audience: string, options?: SamlResponseOptions): string;
  close(): Promise<void>;
}

const SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

function esc(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

function pemBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

/** The AuthnRequest carried by a redirect-binding URL: its ID, ACS URL and issuer (Nomen's SP entity id). */
function readRequest(url: URL): { id: string; acsUrl: string; issuer: string; relayState: string | null } {
  const encoded = url.searchParams.get('SAMLRequest');
  if (!encoded) throw new Error('No SAMLRequest in the URL');
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const request = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
  const issuer = request.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0];
  if (request.namespaceURI !== SAMLP || request.localName !== 'AuthnRequest')
    throw new Error('Not an AuthnRequest');
  return {
    id: request.getAttribute('ID') ?? '',
    acsUrl: request.getAttribute('AssertionConsumerServiceURL') ?? '',
    issuer: issuer?.textContent ?? '',
    relayState: url.searchParams.get('RelayState'),
  };
}

/** The HTML page that posts a Response to the ACS at once (HTTP-POST binding). */
function autoPostPage(post: SamlPost): string {
  const relay = post.RelayState
    ? `<input type="hidden" name="RelayState" value="${esc(post.RelayState)}">`
    : '';
  return `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${esc(post.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${post.SAMLResponse}">${relay}<noscript><button>Continue</button></noscript></form></body></html>`;
}

/** The IdP's sign-in page: one field, the login name. */
function loginPage(url: URL): string {
  const hidden = [...url.searchParams]
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return `<!doctype html><html><body><h1>SAML IdP sign-in</h1><form method="get" action="/sso">${hidden}<label>Login <input name="login" autofocus></label><button type="submit">Sign in</button></form></body></html>`;
}

/**
 * Starts a SAML 2.0 IdP on 127.0.0.1 (README "Single sign-on"): a key pair and self-signed
 * certificate made at start, its metadata at `/metadata`, an HTTP-Redirect single sign-on
 * service at `/sso` (a login page for a browser; `login=` answers at once with a page that posts
 * the signed Response to the ACS the AuthnRequest names), and IdP-initiated Responses on demand.
 * Responses are real: the assertion is signed with xml-crypto (RSA-SHA256, exclusive c14n),
 * NameID in the email format, attributes `email`, `name` and `groups` from `people`.
 */
export async function startSsoSamlPeer(options: { port?: number } = {}): Promise<SsoSamlPeer> {
  const attrs = [{ name: 'commonName', value: 'sso-saml-peer.test' }];
  const [own, foreign] = await Promise.all([
    generate(attrs, { keySize: 2048, algorithm: 'sha256' }),
    generate(attrs, { keySize: 2048, algorithm: 'sha256' }),
  ]);
  const people = new Map<string, SamlPerson>();
  let base = '';

  function sign(xml: string, foreignKey: boolean): string {
    const keys = foreignKey ? foreign : own;
    const sig = new SignedXml({
      privateKey: keys.private,
      publicCert: keys.cert,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    const assertion = "//*[local-name(.)='Assertion']";
    sig.addReference({
      xpath: assertion,
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/2001/10/xml-exc-c14n#',
      ],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    sig.computeSignature(xml, {
      location: { reference: `${assertion}/*[local-name(.)='Issuer']`, action: 'after' },
    });
    return sig.getSignedXml();
  }

  function response(login: string, acsUrl: string, audience: string, o: SamlResponseOptions = {}): string {
    const person = people.get(login) ?? { email: `${login}@sso.test` };
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const until = at((o.validForSeconds ?? 300) * 1000);
    const issuer = esc(o.issuer ?? peer.entityId);
    const inResponseTo = o.inResponseTo ? ` InResponseTo="${esc(o.inResponseTo)}"` : '';
    const id = () => `_${randomBytes(16).toString('hex')}`;
    const attribute = (name: string, values: string[]) =>
      `<saml:Attribute Name="${name}">${values.map((v) => `<saml:AttributeValue>${esc(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`;
    const session = o.sessionNotOnOrAfter
      ? ` SessionNotOnOrAfter="${o.sessionNotOnOrAfter.toISOString()}"`
      : '';
    const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${at(0)}"><saml:Issuer>${issuer}</saml:Issuer><saml:Subject><saml:NameID Format="${EMAIL_FORMAT}">${esc(person.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${esc(acsUrl)}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${at(-60_000)}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience ?? audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="${id()}"${session}><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attribute('email', [person.email])}${attribute('name', [person.name ?? login])}${attribute('groups', person.groups ?? [])}</saml:AttributeStatement></saml:Assertion>`;
    const xml = `<samlp:Response xmlns:samlp="${SAMLP}" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${at(0)}" Destination="${esc(acsUrl)}"${inResponseTo}><saml:Issuer>${issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
    const signed = sign(xml, o.foreignKey ?? false);
    return Buffer.from(o.tamper ? o.tamper(signed) : signed).toString('base64');
  }

  function answer(idpUrl: string, login: string, o: SamlResponseOptions = {}): SamlPost {
    const request = readRequest(new URL(idpUrl));
    return {
      acsUrl: request.acsUrl,
      SAMLResponse: response(login, request.acsUrl, request.issuer, { inResponseTo: request.id, ...o }),
      ...(request.relayState ? { RelayState: request.relayState } : {}),
    };
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    try {
      if (url.pathname === '/metadata') {
        res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(peer.metadata);
      } else if (url.pathname === '/sso') {
        const login = url.searchParams.get('login');
        url.searchParams.delete('login');
        const page = login ? autoPostPage(answer(url.href, login)) : loginPage(url);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      } else {
        res.writeHead(404).end();
      }
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const peer: SsoSamlPeer = {
    entityId: `${base}/metadata`,
    ssoUrl: `${base}/sso`,
    metadataUrl: `${base}/metadata`,
    metadata: '',
    certificate: own.cert,
    people,
    answer,
    response,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  peer.metadata = `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${peer.entityId}"><md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"><md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${pemBody(own.cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor><md:NameIDFormat>${EMAIL_FORMAT}</md:NameIDFormat><md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${peer.ssoUrl}"/></md:IDPSSODescriptor></md:EntityDescriptor>`;
  return peer;
}
