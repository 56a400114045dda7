import { OutboundPolicy } from '@vnfm/util';
import type { VimConnectionInfo } from '@vnfm/vim-domain';
import { kubeConfigOf } from './kube-config';

const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const vim = (
  interfaceInfo: Record<string, unknown>,
  accessInfo: Record<string, unknown> = { bearer_token: 'token-1' },
): VimConnectionInfo => ({
  vimId: 'vim-1',
  vimType: 'ETSINFV.KUBERNETES.V_1',
  interfaceInfo: { endpoint: 'https://127.0.0.1:16443', ...interfaceInfo },
  accessInfo,
});
const vimPolicy = new OutboundPolicy({ use: 'vim' });
const clusterOf = async (info: VimConnectionInfo) => (await kubeConfigOf(info, vimPolicy)).getCurrentCluster();

describe('a client configuration from a Kubernetes VIM', () => {
  it("verifies the API server against the system's trusted CAs when the VIM gives no CA", async () => {
    const cluster = await clusterOf(vim({}));
    expect(cluster).toMatchObject({ server: 'https://127.0.0.1:16443', skipTLSVerify: false });
    expect(cluster?.caData).toBeUndefined();
  });

  it("verifies it against the VIM's CA when given one", async () => {
    expect(await clusterOf(vim({ ssl_ca_cert: CA }))).toMatchObject({ skipTLSVerify: false, caData: Buffer.from(CA).toString('base64') });
  });

  it('turns checks off only for ssl_ca_cert None', async () => {
    const cluster = await clusterOf(vim({ ssl_ca_cert: 'None' }));
    expect(cluster).toMatchObject({ skipTLSVerify: true });
    expect(cluster?.caData).toBeUndefined();
  });

  it('refuses a stored bearer token an HTTP header cannot carry with 422, before any request and without quoting it', async () => {
    const failure = kubeConfigOf(vim({ ssl_ca_cert: CA }, { bearer_token: 'token-1\r\nX-Injected: 1' }), vimPolicy);
    await expect(failure).rejects.toMatchObject({
      code: 'KUBERNETES_VIM_NOT_USABLE',
      status: 422,
      detail:
        'Kubernetes VIM vim-1 has a bearer token holding a line break (CR or LF), which an HTTP header cannot carry: give it a new one (openstack vim set).',
    });
  });
});
