import { redact, REDACTED } from './redact';

describe('redact', () => {
  it('hides VIM secrets, auth headers and OAuth2 client secrets at any depth', () => {
    const input = {
      vim_project: { name: 'nfv' },
      auth_cred: { username: 'nfv_user', password: 'mySecretPW', bearer_token: 'abc', ssl_ca_cert: '-----BEGIN' },
      headers: { Authorization: 'Bearer x', 'X-Auth-Token': 't', accept: 'application/json' },
      vimConnectionInfo: [{ accessInfo: { clientSecret: 's', password: 'p', region: 'r' } }],
      key: 'not-a-secret',
    };
    expect(redact(input)).toEqual({
      vim_project: { name: 'nfv' },
      auth_cred: { username: 'nfv_user', password: REDACTED, bearer_token: REDACTED, ssl_ca_cert: REDACTED },
      headers: { Authorization: REDACTED, 'X-Auth-Token': REDACTED, accept: 'application/json' },
      vimConnectionInfo: [{ accessInfo: { clientSecret: REDACTED, password: REDACTED, region: 'r' } }],
      key: 'not-a-secret',
    });
    expect(input.auth_cred.password).toBe('mySecretPW');
  });

  it('leaves scalars and empty secrets alone', () => {
    expect(redact('plain')).toBe('plain');
    expect(redact({ password: null })).toEqual({ password: null });
  });
});
