import { VersionApi } from '@kubernetes/client-node';
import { OutboundPolicy } from '@vnfm/util';
import type { VimConnectionInfo } from '@vnfm/vim-domain';
import { ensureK8s, K8S_UP_TIMEOUT_MS, readVimConfig, type K8sControlPlane } from '../../../e2e/support/k8s';
import { kubeConfigOf } from './kube-config';

jest.setTimeout(60_000);

let cp: K8sControlPlane;
let oidc: Record<string, unknown>;
const vimPolicy = new OutboundPolicy({ use: 'vim' });

beforeAll(async () => {
  cp = await ensureK8s();
  oidc = await readVimConfig(cp.oidcVimFile);
}, K8S_UP_TIMEOUT_MS);

/** vimConnectionInfo as vim-registry resolves a VIM of k8s.sh: `ssl_ca_cert` a PEM, None, or absent. */
const vim = (accessInfo: Record<string, unknown>, ssl_ca_cert?: string): VimConnectionInfo => ({
  vimId: 'vim-1',
  vimType: 'ETSINFV.KUBERNETES.V_1',
  interfaceInfo: { endpoint: cp.authUrl, ...(ssl_ca_cert === undefined ? {} : { ssl_ca_cert }) },
  accessInfo,
});
const version = async (info: VimConnectionInfo) => (await kubeConfigOf(info, vimPolicy)).makeApiClient(VersionApi).getCode();
const bearer = () => ({ bearer_token: cp.adminToken });
const oidcAccess = () => ({
  oidc_token_url: oidc['oidc_token_url'],
  username: oidc['username'],
  password: oidc['password'],
  client_id: oidc['client_id'],
  client_secret: oidc['client_secret'],
});

// The API server's and the OIDC provider's certificates come from the private CA of tools/k8s, which no system store holds.
describe('kube-client against the real API server: the certificate is checked as the VIM says', () => {
  it("refuses the API server when the VIM gives no CA: the system's trusted CAs did not sign it", async () => {
    await expect(version(vim(bearer()))).rejects.toThrow(/certificate/i);
  });

  it("trusts it under the VIM's CA, and without any check for ssl_ca_cert None", async () => {
    await expect(version(vim(bearer(), cp.caPem))).resolves.toMatchObject({ gitVersion: expect.stringMatching(/^v1\./) });
    await expect(version(vim(bearer(), 'None'))).resolves.toMatchObject({ gitVersion: expect.stringMatching(/^v1\./) });
  });

  it('fetches the OIDC ID token under the same rule: refused (502, why, no secret) without a CA, fetched with it', async () => {
    const failure = kubeConfigOf(vim(oidcAccess()), vimPolicy);
    await expect(failure).rejects.toMatchObject({
      code: 'KUBERNETES_VIM_AUTH_FAILED',
      status: 502,
      detail: expect.stringMatching(/TLS certificate of 127\.0\.0\.1:\d+ not trusted .*system's trusted CAs/),
    });
    const detail = String(((await failure.catch((error: unknown) => error)) as { detail?: string }).detail);
    for (const secret of [oidc['password'], oidc['client_secret']]) expect(detail).not.toContain(String(secret));
    await expect(version(vim(oidcAccess(), cp.caPem))).resolves.toMatchObject({ gitVersion: expect.stringMatching(/^v1\./) });
    await expect(version(vim(oidcAccess(), 'None'))).resolves.toMatchObject({ gitVersion: expect.stringMatching(/^v1\./) });
  });
});
