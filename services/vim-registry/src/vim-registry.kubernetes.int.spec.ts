import { readFileSync } from 'node:fs';
import { CoreV1Api } from '@kubernetes/client-node';
import { tackerRegisterBody } from '@vnfm/vim-domain/testing';
import { corpusPath } from '@vnfm/vnf-package/testing';
import { ensureK8s, K8S_UP_TIMEOUT_MS, kubeConfigFromVim, readVimConfig, type K8sControlPlane } from '../../../e2e/support/k8s';
import { unconfined, VimRegistryFixture } from './testing/vim-registry.fixture';

jest.setTimeout(60_000);

/** A CA that did not sign the API server's certificate (the SOL004 corpus test CA). */
const FOREIGN_CA = readFileSync(corpusPath('sol004', 'onap-vnfsdk-pkgtools', 'signature', 'ca.crt'), 'utf8');

let cp: K8sControlPlane;
let fixture: VimRegistryFixture;

/**
 * A VIM file of `k8s.sh up` as python-tackerclient reads it (PyYAML folds
 * the line breaks of the double-quoted PEM into spaces).
 */
const vimFile = (tenant: boolean, overrides: Record<string, unknown> = {}) => ({
  auth_url: cp.authUrl,
  bearer_token: tenant ? cp.tenantToken : cp.adminToken,
  ssl_ca_cert: cp.caPem.trim().replace(/\n/g, ' '),
  project_name: tenant ? cp.namespace : 'default',
  type: 'kubernetes',
  ...overrides,
});
const register = (name: string, config: Record<string, unknown>) => fixture.register(tackerRegisterBody(config, { name }));

beforeAll(async () => {
  cp = await ensureK8s();
}, K8S_UP_TIMEOUT_MS);
beforeEach(async () => {
  fixture = new VimRegistryFixture();
  await fixture.start();
});
afterEach(() => fixture.cleanUp());

describe('vim-registry with a real Kubernetes control plane', () => {
  it('registers the admin and tenant VIM files of k8s.sh as REACHABLE; token and CA exist only sealed', async () => {
    const admin = await register('k8s-admin', vimFile(false));
    const tenant = await register('k8s-tenant', vimFile(true));
    expect(admin).toMatchObject({
      status: 'REACHABLE',
      type: 'kubernetes',
      auth_url: cp.authUrl,
      vim_project: { name: 'default' },
      auth_cred: { bearer_token: '***', ssl_ca_cert: '***', cert_verify: 'True' },
    });
    expect(tenant).toMatchObject({ status: 'REACHABLE', vim_project: { name: cp.namespace } });
    const log = fixture.eventLog();
    for (const secret of [cp.adminToken, cp.tenantToken, 'BEGIN CERTIFICATE']) expect(log).not.toContain(secret);
  });

  it('registers a VIM whose bearer token the API server rejects as UNREACHABLE (401)', async () => {
    const vim = await register('k8s-bad-token', vimFile(false, { bearer_token: 'not-a-valid-token' }));
    expect(vim.status).toBe('UNREACHABLE');
    expect(vim.status_reason).toMatch(new RegExp(`^Kubernetes API server at ${cp.authUrl} refused the credentials \\(HTTP 401\\)`));
  });

  it('refuses to trust the API server under a CA that did not sign it, and skips verification with ssl_ca_cert None', async () => {
    const foreign = await register('k8s-foreign-ca', vimFile(false, { ssl_ca_cert: FOREIGN_CA }));
    expect(foreign).toMatchObject({ status: 'UNREACHABLE', status_reason: expect.stringContaining('not trusted') });
    const warn = jest.spyOn(fixture.logger, 'warn');
    const insecure = await register('k8s-no-checks', vimFile(false, { ssl_ca_cert: 'None' }));
    expect(insecure).toMatchObject({ status: 'REACHABLE', auth_cred: { ssl_ca_cert: 'None', bearer_token: '***', cert_verify: 'False' } });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ vimId: insecure.id, name: 'k8s-no-checks' }),
      'VIM certificate checks are off (ssl_ca_cert is None): its credentials go to whatever answers at its auth_url',
    );
  });

  it("checks a VIM registered without ssl_ca_cert against the system's trusted CAs: the test CA is not one, so UNREACHABLE and why", async () => {
    const warn = jest.spyOn(fixture.logger, 'warn');
    const withoutCa: Record<string, unknown> = vimFile(false);
    delete withoutCa['ssl_ca_cert'];
    const vim = await register('k8s-system-cas', withoutCa);
    expect(vim).toMatchObject({ status: 'UNREACHABLE', auth_cred: { bearer_token: '***', cert_verify: 'True' } });
    expect(vim.auth_cred.ssl_ca_cert).toBeUndefined();
    expect(vim.status_reason).toMatch(
      new RegExp(
        `^Kubernetes API server at ${cp.authUrl}: TLS certificate of 127\\.0\\.0\\.1:\\d+ not trusted \\([A-Z_]+\\): checked against the system's trusted CAs, as no CA \\(ssl_ca_cert\\) was given$`,
      ),
    );
    expect(warn).not.toHaveBeenCalled();
    // The same VIM once given its CA (`openstack vim set`): REACHABLE.
    const fixed = await fixture.registry.registration.update(vim.id, { vim: { auth_cred: { ssl_ca_cert: cp.caPem } } }, undefined);
    expect(fixed).toMatchObject({ status: 'REACHABLE', auth_cred: { ssl_ca_cert: '***', cert_verify: 'True' } });
  });

  it('fetches the OIDC ID token under the same rule: without ssl_ca_cert the test provider is not trusted', async () => {
    const withoutCa = await readVimConfig(cp.oidcVimFile);
    delete withoutCa['ssl_ca_cert'];
    const vim = await register('k8s-oidc-system-cas', withoutCa);
    expect(vim.status).toBe('UNREACHABLE');
    expect(vim.status_reason).toMatch(
      /^Kubernetes API server at \S+: TLS certificate of 127\.0\.0\.1:\d+ not trusted .*system's trusted CAs/,
    );
    expect(vim.status_reason).toContain(String(new URL(String(withoutCa['oidc_token_url'])).host));
  });

  it('refuses a bearer token with a line break with 400 at registration and at update, never echoing it, registering nothing', async () => {
    const token = `${cp.adminToken}\r\n`;
    const refusal = {
      code: 'INVALID_VIM_REQUEST',
      status: 400,
      detail:
        'vim.auth_cred.bearer_token holds a line break (CR or LF), which an HTTP header cannot carry (it is sent as "Authorization: Bearer <token>"); give the token without it.',
    };
    await expect(register('k8s-crlf', vimFile(false, { bearer_token: token }))).rejects.toMatchObject(refusal);
    expect(fixture.registry.directory.all()).toEqual([]);
    const vim = await register('k8s-fine', vimFile(false));
    await expect(
      fixture.registry.registration.update(vim.id, { vim: { auth_cred: { bearer_token: token } } }, undefined),
    ).rejects.toMatchObject(refusal);
    expect(await fixture.registry.registration.update(vim.id, { vim: { description: 'still usable' } }, undefined)).toMatchObject({
      status: 'REACHABLE',
      description: 'still usable',
    });
    expect(fixture.eventLog()).not.toContain(cp.adminToken);
  });

  it('resolves the tenant VIM to vimConnectionInfo a Kubernetes client can use in its namespace', async () => {
    const vim = await register('k8s-lcm', vimFile(true));
    const { vimConnectionInfo } = await fixture.registry.resolver.resolve(
      { vimConnectionInfo: { vim1: { vimId: vim.id, vimType: 'ETSINFV.KUBERNETES.V_1' } } },
      unconfined(),
    );
    const info = vimConnectionInfo.vim1;
    expect(info).toEqual({
      vimId: vim.id,
      vimType: 'ETSINFV.KUBERNETES.V_1',
      interfaceInfo: { endpoint: cp.authUrl, ssl_ca_cert: cp.caPem },
      accessInfo: { bearer_token: cp.tenantToken },
      extra: { namespace: cp.namespace },
    });
    const client = kubeConfigFromVim({
      authUrl: String(info.interfaceInfo?.endpoint),
      bearerToken: String(info.accessInfo?.bearer_token),
      caPem: String(info.interfaceInfo?.ssl_ca_cert),
      projectName: String(info.extra?.namespace),
      type: 'kubernetes',
    }).makeApiClient(CoreV1Api);
    await expect(client.listNamespacedPod({ namespace: cp.namespace })).resolves.toMatchObject({ items: expect.any(Array) });
  });
});
