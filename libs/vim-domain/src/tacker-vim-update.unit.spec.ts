import { parseVimRegistration } from './tacker-vim-body.validator';
import { mergeVimUpdate } from './tacker-vim-update';
import type { VimRecord } from './vim.types';

const k8s: VimRecord = {
  id: 'vim-1',
  name: 'k8s',
  description: 'cluster',
  type: 'kubernetes',
  tenantId: 'admin',
  authUrl: 'https://127.0.0.1:16443',
  vimProject: { name: 'default' },
  authCred: { ssl_ca_cert: 'None' },
  sealedSecrets: { bearer_token: 'v1.sealed' },
  extra: {},
  isDefault: false,
  status: 'REACHABLE',
  placementAttr: {},
  createdAt: 't0',
  updatedAt: null,
};

const merge = (body: unknown) => mergeVimUpdate(k8s, { bearer_token: 'old-token' }, body);

describe('Tacker VIM update (openstack vim set)', () => {
  it('changes the name only, keeping the credentials as they are', () => {
    const merged = merge({ vim: { name: 'renamed' } });
    expect(merged).toMatchObject({
      ok: true,
      value: {
        credentialsChanged: false,
        isDefault: undefined,
        body: { vim: { name: 'renamed', auth_cred: { bearer_token: 'old-token', ssl_ca_cert: 'None' } } },
      },
    });
  });

  it('switches from a bearer token to username and password, dropping the token', () => {
    const merged = merge({ vim: { auth_cred: { username: 'u', password: 'p' } } });
    if (!merged.ok) throw new Error(merged.problems.join());
    expect(merged.value.credentialsChanged).toBe(true);
    expect(merged.value.body.vim.auth_cred).toEqual({ ssl_ca_cert: 'None', username: 'u', password: 'p' });
    expect(parseVimRegistration(merged.value.body, 'admin')).toMatchObject({
      ok: true,
      value: { authCred: { username: 'u', ssl_ca_cert: 'None' }, secrets: { password: 'p' } },
    });
  });

  it('refuses a new bearer token an HTTP header cannot carry, as a registration would', () => {
    const merged = merge({ vim: { auth_cred: { bearer_token: 'new-token\r\n' } } });
    if (!merged.ok) throw new Error(merged.problems.join());
    expect(parseVimRegistration(merged.value.body, 'admin')).toEqual({
      ok: false,
      problems: [
        'vim.auth_cred.bearer_token holds a line break (CR or LF), which an HTTP header cannot carry (it is sent as "Authorization: Bearer <token>"); give the token without it.',
      ],
    });
  });

  it('refuses to change what is fixed at registration', () => {
    expect(merge({ vim: { type: 'openstack', auth_url: 'https://other', tenant_id: 'admin' } })).toEqual({
      ok: false,
      problems: ['vim.type cannot be changed after registration.', 'vim.auth_url cannot be changed after registration.'],
    });
    expect(merge([])).toEqual({ ok: false, problems: ['The body must be a JSON object {"vim": {...}}.'] });
  });

  it('passes is_default through to move the tenant default', () => {
    expect(merge({ vim: { is_default: true } })).toMatchObject({
      ok: true,
      value: { isDefault: true, body: { vim: { is_default: true } } },
    });
  });
});
