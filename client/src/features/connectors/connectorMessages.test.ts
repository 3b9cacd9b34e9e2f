import { describe, expect, it } from 'vitest';
import { OAUTH_RETURN_FAILED, OAUTH_RETURN_SUCCEEDED, oauthReturnNotice } from './connectorMessages';

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
