import { redact, REDACTED } from './redact';

const PEM = [
  '-----BEGIN RSA PRIVATE KEY-----',
  'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun',
  '-----END RSA PRIVATE KEY-----',
].join('\n');

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
    expect(redact(42)).toBe(42);
    expect(redact({ password: null })).toEqual({ password: null });
  });

  it("masks a URL's password under any key, keeping the user name and the URL's shape", () => {
    const input = {
      proxy: {
        http_proxy: 'http://user1:password1@host1:port1',
        https_proxy: 'https://user2:p@ss2@host2:8443/path?q=1',
        no_proxy: 'localhost',
      },
      registry: 'https://registry.example.com:5000',
      anonymous: 'http://user-only@host3/',
    };
    expect(redact(input)).toEqual({
      proxy: {
        http_proxy: `http://user1:${REDACTED}@host1:port1`,
        https_proxy: `https://user2:${REDACTED}@host2:8443/path?q=1`,
        no_proxy: 'localhost',
      },
      registry: 'https://registry.example.com:5000',
      anonymous: 'http://user-only@host3/',
    });
  });

  it('masks every URL password inside free text, such as a log message or an error', () => {
    expect(redact({ msg: 'pulling via http://a:one@h1:3128 then HTTPS://b:two@h2' })).toEqual({
      msg: `pulling via http://a:${REDACTED}@h1:3128 then HTTPS://b:${REDACTED}@h2`,
    });
    expect(redact(new Error('connect ECONNREFUSED http://user1:password1@host1:port1'))).toEqual({
      name: 'Error',
      message: `connect ECONNREFUSED http://user1:${REDACTED}@host1:port1`,
    });
  });

  it('masks a PEM private-key block, also an unterminated one, but not a certificate', () => {
    const cert = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    expect(
      redact({ files: [{ content: `key:\n${PEM}\ntail` }, { content: cert }, { content: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl' }] }),
    ).toEqual({
      files: [{ content: `key:\n${REDACTED}\ntail` }, { content: cert }, { content: REDACTED }],
    });
  });

  it('masks whole Bearer and Basic credentials values, not prose starting with those words', () => {
    const basic = `Basic ${Buffer.from('admin:pw').toString('base64')}`;
    expect(
      redact({ a: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc', b: basic, c: 'bearer abc-123', d: 'Basic setup', e: 'Bearer of bad news' }),
    ).toEqual({
      a: REDACTED,
      b: REDACTED,
      c: REDACTED,
      d: 'Basic setup',
      e: 'Bearer of bad news',
    });
    expect(redact(['\n\tBearer abcdefgh ', ' basic YTpi'])).toEqual([REDACTED, REDACTED]);
  });

  it('masks every password of an array (private_registry_connection_info[].password)', () => {
    const input = {
      private_registry_connection_info: [
        { server: 'r1:5000', username: 'u1', password: 'pw1' },
        { server: 'r2', username: 'u2', password: 'pw2' },
      ],
    };
    expect(redact(input)).toEqual({
      private_registry_connection_info: [
        { server: 'r1:5000', username: 'u1', password: REDACTED },
        { server: 'r2', username: 'u2', password: REDACTED },
      ],
    });
  });

  it('keeps sealed markers, even under secret-named keys: they are the ciphertext events are meant to hold', () => {
    const marker = 'sealed:v1:v1.aXY.Ym9keQ.dGFn';
    expect(redact({ password: marker, proxy: marker })).toEqual({ password: marker, proxy: marker });
    expect(redact({ password: 'sealed:v1:not a marker' })).toEqual({ password: REDACTED });
  });

  it('stays bounded on deep input', () => {
    let deep: Record<string, unknown> = { password: 'x' };
    for (let i = 0; i < 5000; i += 1) deep = { child: deep };
    expect(() => redact(deep)).not.toThrow();
  });
});
