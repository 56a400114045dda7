import { toTackerVimView } from './tacker-vim.view';
import type { VimRecord } from './vim.types';

const openstack: VimRecord = {
  id: 'ac65f86a-eece-4ab3-9be3-483d09189c7f',
  name: 'VIM0',
  description: '',
  type: 'openstack',
  tenantId: 'admin',
  authUrl: 'http://127.0.0.1/identity/v3',
  vimProject: { name: 'nfv', project_domain_name: 'Default' },
  authCred: { username: 'nfv_user', user_domain_name: 'Default', cert_verify: 'True' },
  sealedSecrets: { password: 'v1.iv.ciphertext.tag' },
  extra: {},
  isDefault: true,
  status: 'UNREACHABLE',
  statusReason: 'Keystone refused the credentials (401 Unauthorized)',
  placementAttr: {},
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: null,
};

describe('Tacker VIM view', () => {
  it('has the fields of Tacker api-ref "Show VIM", with secrets masked and the unreachable reason', () => {
    expect(toTackerVimView(openstack)).toEqual({
      id: openstack.id,
      name: 'VIM0',
      description: '',
      type: 'openstack',
      tenant_id: 'admin',
      auth_url: 'http://127.0.0.1/identity/v3',
      vim_project: { name: 'nfv', project_domain_name: 'Default' },
      auth_cred: {
        username: 'nfv_user',
        user_domain_name: 'Default',
        cert_verify: 'True',
        password: '***',
        auth_url: 'http://127.0.0.1/identity/v3',
        project_name: 'nfv',
        project_domain_name: 'Default',
        project_id: null,
      },
      status: 'UNREACHABLE',
      status_reason: 'Keystone refused the credentials (401 Unauthorized)',
      is_default: true,
      placement_attr: {},
      extra: {},
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: null,
    });
  });

  it('never carries a sealed or plain secret of a Kubernetes VIM', () => {
    const view = toTackerVimView(
      {
        ...openstack,
        type: 'kubernetes',
        authCred: {},
        sealedSecrets: { bearer_token: 'v1.a.b.c', ssl_ca_cert: 'v1.d.e.f' },
        vimProject: { name: 'default' },
      },
      false,
    );
    expect(view.auth_cred).toEqual({ bearer_token: '***', ssl_ca_cert: '***', auth_url: openstack.authUrl, cert_verify: 'True' });
    expect(JSON.stringify(view)).not.toContain('v1.');
    expect(view.is_default).toBe(false);
  });

  it("shows a Kubernetes VIM's certificate checks: on with a CA or without one, off only with ssl_ca_cert None", () => {
    const k8s: VimRecord = {
      ...openstack,
      type: 'kubernetes',
      authCred: {},
      sealedSecrets: { bearer_token: 'v1.a.b.c' },
      vimProject: { name: 'default' },
    };
    expect(toTackerVimView(k8s).auth_cred).toEqual({ bearer_token: '***', auth_url: openstack.authUrl, cert_verify: 'True' });
    expect(toTackerVimView({ ...k8s, authCred: { ssl_ca_cert: 'None' } }).auth_cred).toEqual({
      bearer_token: '***',
      ssl_ca_cert: 'None',
      auth_url: openstack.authUrl,
      cert_verify: 'False',
    });
  });
});
