import { parseVimRegistration } from './tacker-vim-body.validator';
import { corpusVimConfig, tackerRegisterBody } from './testing';

const CA = `-----BEGIN CERTIFICATE-----
MIIBszCCAVmgAwIBAgIUQ0FfdGVzdF9jZXJ0aWZpY2F0ZTAKBggqhkjOPQQDAjAX
MRUwEwYDVQQDDAx0ZXN0LWNhLXJvb3QwHhcNMjUwMTAxMDAwMDAwWhcNMzUwMTAx
-----END CERTIFICATE-----`;

const problemsOf = (body: unknown) => {
  const parsed = parseVimRegistration(body, 'admin');
  return parsed.ok ? [] : parsed.problems;
};

describe('Tacker VIM registration body', () => {
  it('reads the OpenStack VIM file of the Tacker corpus as the client sends it', () => {
    const parsed = parseVimRegistration(
      tackerRegisterBody(corpusVimConfig('openstack-vim_config.yaml'), { name: 'vim-os', isDefault: true }),
      'admin',
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        name: 'vim-os',
        description: '',
        type: 'openstack',
        tenantId: 'admin',
        isDefault: true,
        authUrl: 'http://127.0.0.1/identity/v3',
        vimProject: { name: 'nfv', project_domain_name: 'Default' },
        authCred: { username: 'nfv_user', user_domain_name: 'Default', cert_verify: 'True' },
        secrets: { password: 'mySecretPW' },
        extra: {},
      },
    });
  });

  it('reads the Kubernetes bearer-token VIM file with ssl_ca_cert None (no certificate verification)', () => {
    const parsed = parseVimRegistration(tackerRegisterBody(corpusVimConfig('k8s-vim-bearer-token.yaml'), { name: 'vim-k8s' }), 'admin');
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        type: 'kubernetes',
        authUrl: 'https://127.0.0.1:6443',
        vimProject: { name: 'default' },
        authCred: { ssl_ca_cert: 'None' },
        secrets: { bearer_token: 'secret_token' },
      },
    });
  });

  it('reads the OIDC and Helm Kubernetes VIM files', () => {
    const oidc = parseVimRegistration(tackerRegisterBody(corpusVimConfig('k8s-vim-oidc.yaml'), { name: 'oidc' }), 'admin');
    expect(oidc).toMatchObject({
      ok: true,
      value: {
        authCred: {
          oidc_token_url: 'https://127.0.0.1:8443/realms/oidc/protocol/openid-connect/token',
          username: 'end-user',
          client_id: 'tacker',
        },
        secrets: { password: 'end-user', client_secret: 'K0Zp5dvdOFhZ7W9PVNZn14omW9NmCQvQ' },
      },
    });
    expect(parseVimRegistration(tackerRegisterBody(corpusVimConfig('k8s-vim-helm.yaml'), { name: 'helm' }), 'admin')).toMatchObject({
      ok: true,
      value: { extra: { use_helm: true } },
    });
  });

  it('restores a CA certificate whose line breaks YAML folded into spaces, and keeps it a secret', () => {
    const folded = CA.replace(/\n/g, ' ');
    const body = {
      vim: {
        name: 'k',
        type: 'kubernetes',
        auth_url: 'https://127.0.0.1:16443',
        vim_project: { name: 'vnf-tenant' },
        auth_cred: { bearer_token: 't', ssl_ca_cert: folded },
      },
    };
    expect(parseVimRegistration(body, 'admin')).toMatchObject({
      ok: true,
      value: { authCred: {}, secrets: { bearer_token: 't', ssl_ca_cert: `${CA}\n` } },
    });
  });

  it('defaults the Kubernetes namespace to "default" and the tenant to the caller', () => {
    const body = { vim: { name: 'k', type: 'kubernetes', auth_url: 'https://k8s:6443/', auth_cred: { username: 'u', password: 'p' } } };
    expect(parseVimRegistration(body, 'tenant-a')).toMatchObject({
      ok: true,
      value: {
        tenantId: 'tenant-a',
        authUrl: 'https://k8s:6443',
        vimProject: { name: 'default' },
        authCred: { username: 'u' },
        secrets: { password: 'p' },
      },
    });
  });

  it('lists every problem of a bad body at once', () => {
    expect(problemsOf({ vim: { type: 'vmware', auth_url: 'ftp://x', is_default: 'yes', auth_cred: {} } })).toEqual([
      'vim.type must be one of openstack, kubernetes.',
      'vim.auth_url must be an http or https URL with a host.',
      'vim.vim_project.name is required.',
      'vim.auth_cred.password is required.',
      'vim.auth_cred.username is required.',
      'vim.is_default must be true or false.',
      'vim.name is required.',
    ]);
    expect(problemsOf('not json')).toEqual(['The body must be a JSON object {"vim": {...}}.']);
    expect(problemsOf({ vim: { name: 'k', type: 'kubernetes', auth_url: 'https://k', auth_cred: {} } })).toEqual([
      'vim.auth_cred of a Kubernetes VIM needs bearer_token, or username and password, or oidc_token_url with username, password and client_id.',
    ]);
  });

  it('refuses a CA that is not a PEM certificate and a namespace Kubernetes would refuse', () => {
    const body = {
      vim: {
        name: 'k',
        type: 'kubernetes',
        auth_url: 'https://k',
        vim_project: { name: 'Bad_NS' },
        auth_cred: { bearer_token: 't', ssl_ca_cert: 'hello' },
      },
    };
    expect(problemsOf(body)).toEqual([
      'vim.vim_project.name (the Kubernetes namespace) must be a DNS-1123 label: lower-case letters, digits and "-".',
      'vim.auth_cred.ssl_ca_cert is not a PEM certificate (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----).',
    ]);
  });

  it('refuses secrets in places where they would be stored in plain text', () => {
    const body = tackerRegisterBody(corpusVimConfig('openstack-vim_config.yaml'), { name: 'vim-os' });
    body.vim.extra = { notes: { admin_password: 'hunter2' } };
    body.vim.vim_project = { name: 'nfv', api_token: 'abc' };
    (body.vim.auth_cred as Record<string, unknown>).bearer_token = 'not-for-openstack';
    expect(problemsOf(body)).toEqual([
      'vim.vim_project.api_token looks like a secret; secrets are accepted only in their credential fields, never in vim.vim_project.',
      'vim.auth_cred.bearer_token is not a credential of this VIM type; secrets are accepted only in password.',
      'vim.extra.notes.admin_password looks like a secret; secrets are accepted only in their credential fields, never in vim.extra.',
    ]);
  });

  it('keeps a Kubernetes VIM without ssl_ca_cert (absent, null or empty) verified: no None is made up', () => {
    for (const ca of [undefined, null, '']) {
      const body = {
        vim: { name: 'k', type: 'kubernetes', auth_url: 'https://k8s:6443', auth_cred: { bearer_token: 't', ssl_ca_cert: ca } },
      };
      const parsed = parseVimRegistration(body, 'admin');
      expect(parsed.ok && [parsed.value.authCred, parsed.value.secrets]).toEqual([{}, { bearer_token: 't' }]);
    }
  });
});

describe('Kubernetes credentials that go into an HTTP header', () => {
  const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.c2VjcmV0LXBheWxvYWQ.sig';
  const k8s = (authCred: Record<string, unknown>) => ({
    vim: { name: 'k', type: 'kubernetes', auth_url: 'https://k8s:6443', auth_cred: { ssl_ca_cert: 'None', ...authCred } },
  });

  it.each([
    ['a trailing LF, as a token file read whole has', `${TOKEN}\n`, 'a line break (CR or LF)'],
    ['a CRLF with a header after it', `${TOKEN}\r\nX-Injected: 1`, 'a line break (CR or LF)'],
    ['a NUL', `${TOKEN}\u0000`, 'a control character'],
    ['a character beyond Latin-1', `${TOKEN}\u2028`, 'a character beyond ISO-8859-1'],
  ])('refuses a bearer token with %s, without quoting the token', (_case, token, fault) => {
    const problems = problemsOf(k8s({ bearer_token: token }));
    expect(problems).toEqual([
      `vim.auth_cred.bearer_token holds ${fault}, which an HTTP header cannot carry (it is sent as "Authorization: Bearer <token>"); give the token without it.`,
    ]);
    expect(problems.join()).not.toContain(TOKEN.slice(0, 10));
  });

  it('takes a token HTTP can carry (token68, or any visible Latin-1 text)', () => {
    expect(problemsOf(k8s({ bearer_token: TOKEN }))).toEqual([]);
    expect(problemsOf(k8s({ bearer_token: 'static token\twith spaces é' }))).toEqual([]);
  });

  it('refuses basic credentials HTTP Basic cannot carry (RFC 7617), without quoting them', () => {
    const problems = problemsOf(k8s({ username: 'admin:x\n', password: 'S3cr3t\r\nword' }));
    expect(problems).toEqual([
      'vim.auth_cred.username must not contain ":" (HTTP Basic, RFC 7617 §2).',
      'vim.auth_cred.username holds a line break or another control character, which HTTP Basic credentials cannot carry (RFC 7617 §2).',
      'vim.auth_cred.password holds a line break or another control character, which HTTP Basic credentials cannot carry (RFC 7617 §2).',
    ]);
    expect(problems.join()).not.toMatch(/S3cr3t|admin/);
    expect(problemsOf(k8s({ username: 'admin', password: 'p@ss wörd:1' }))).toEqual([]);
  });

  it('leaves OIDC user names and passwords alone: they travel in a form body, not a header', () => {
    const oidc = { oidc_token_url: 'https://idp/token', username: 'a:b', password: 'line\nbreak', client_id: 'tacker' };
    expect(problemsOf(k8s(oidc))).toEqual([]);
  });
});
