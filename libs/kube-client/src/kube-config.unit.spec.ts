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
const clusterOf = async (info: VimConnectionInfo) => (await kubeConfigOf(info, new OutboundPolicy({ use: 'vim' }))).getCurrentCluster();

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
});
