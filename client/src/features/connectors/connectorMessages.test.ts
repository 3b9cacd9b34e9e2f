import { describe, expect, it } from 'vitest';
import {
  OAUTH_RETURN_FAILED,
  OAUTH_RETURN_SUCCEEDED,
  oauthReturnNotice,
  offeredHostKey,
} from './connectorMessages';

describe('oauthReturnNotice (spec 01 §4)', () => {
  it('says nothing without oauth_success, success with true, the message or a default otherwise', () => {
    expect(oauthReturnNotice(new URLSearchParams(''))).toBeNull();
    expect(oauthReturnNotice(new URLSearchParams('oauth_success=true'))).toEqual({
      ok: true,
      message: OAUTH_RETURN_SUCCEEDED,
    });
    expect(oauthReturnNotice(new URLSearchParams('oauth_success=false&message=Denied'))).toEqual({
      ok: false,
      message: 'Denied',
    });
    expect(oauthReturnNotice(new URLSearchParams('oauth_success=false'))).toEqual({
      ok: false,
      message: OAUTH_RETURN_FAILED,
    });
  });
});

describe('offeredHostKey', () => {
  it("reads the new host key from a changed key's refusal, and nothing from other messages", () => {
    const key = 'SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU';
    expect(
      offeredHostKey(
        `The host key of sftp.example.com:22 changed: Nomen pinned SHA256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, the server now presents ${key}. If …`,
      ),
    ).toBe(key);
    expect(offeredHostKey(`Signed in … Host key ${key} (pinned).`)).toBeNull();
    expect(offeredHostKey(undefined)).toBeNull();
  });
});
