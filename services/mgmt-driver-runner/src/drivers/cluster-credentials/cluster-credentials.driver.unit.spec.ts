import type { AppError, HookArtifact } from '@vnfm/contracts';
import type { ServiceRuntime } from '@vnfm/platform';
import { toSealedMarker } from '@vnfm/util';
import { SupportedHooksController } from '../../supported-hooks.controller';
import { MgmtDriverRegistry } from '../mgmt-driver-registry';
import { ClusterCredentialsDriver } from './cluster-credentials.driver';
import { readCredentialsParams } from './credentials-params';

const artifact = (additionalParameters: Record<string, unknown>): HookArtifact => ({
  name: 'mgmt',
  path: 'Scripts/any.py',
  dependencies: [],
  additionalParameters,
  vnfdId: 'vnfd-1',
});
const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const receiver = { url: 'https://receiver.example:8443/clusters?tenant=a', ca_cert: CA };
const read = (param: Record<string, unknown>) => () => readCredentialsParams({ cluster_kubeconfig: param });

describe('the cluster-credentials MgmtDriver', () => {
  const driver = new ClusterCredentialsDriver({
    shell: undefined as never,
    runtime: { logger: { info: () => undefined }, config: { port: 9890 } } as unknown as ServiceRuntime,
  });

  it('runs only an artifact whose hook names it (vnfm_mgmt_driver: cluster-credentials)', () => {
    expect(driver.matches(artifact({ vnfm_mgmt_driver: 'cluster-credentials' }))).toBe(true);
    expect(driver.matches(artifact({}))).toBe(false);
    expect(driver.matches(artifact({ vnfm_mgmt_driver: 'kubespray' }))).toBe(false);
  });

  it('is asked before the operation starts: the runner answers its 422 for the sealed parameters of a hook that sends, and none for terminate_end', async () => {
    const controller = new SupportedHooksController(new MgmtDriverRegistry([driver]));
    const asked = async (additionalParams: Record<string, unknown>) =>
      (
        await controller.supportedHooks({
          artifacts: ['instantiate_end', 'terminate_end'].map((hook) => ({
            hook,
            artifact: artifact({ vnfm_mgmt_driver: 'cluster-credentials' }),
          })),
          additionalParams,
        })
      ).answers;
    expect(await asked({})).toEqual([
      {
        hook: 'instantiate_end',
        driver: 'cluster-credentials',
        refused: {
          code: 'CLUSTER_CREDENTIALS_PARAMS_INVALID',
          detail: 'additionalParams.cluster_kubeconfig is required by the cluster-credentials MgmtDriver and is missing.',
        },
      },
      { hook: 'terminate_end', driver: 'cluster-credentials' },
    ]);
    // A token sealed at the coordinator's intake counts as given.
    expect(await asked({ cluster_kubeconfig: { receiver: { ...receiver, bearer_token: toSealedMarker('a.b.c') } } })).toEqual([
      { hook: 'instantiate_end', driver: 'cluster-credentials' },
      { hook: 'terminate_end', driver: 'cluster-credentials' },
    ]);
  });

  it("refuses a receiver at a link-local, unspecified or the VNFM's own address, in any spelling, before the operation starts", async () => {
    const refusedAt = async (url: string) => {
      try {
        await driver.checkParams('instantiate_end', { cluster_kubeconfig: { receiver: { ...receiver, url } } });
        return undefined;
      } catch (error) {
        return error as AppError;
      }
    };
    const cases: [string, string][] = [
      ['https://169.254.169.254/latest', '169.254.169.254 is in a refused address range (VNFM_MGMT_RECEIVER_DENIED_CIDRS)'],
      ['https://0xa9fea9fe:8443/clusters', '169.254.169.254 is in a refused address range (VNFM_MGMT_RECEIVER_DENIED_CIDRS)'],
      ['https://[::ffff:169.254.169.254]/', '169.254.169.254 is in a refused address range (VNFM_MGMT_RECEIVER_DENIED_CIDRS)'],
      ['https://0.0.0.0:8443/', '0.0.0.0 is in a refused address range (VNFM_MGMT_RECEIVER_DENIED_CIDRS)'],
      ['https://127.1:9890/', "127.0.0.1:9890 is the VNFM's own API (VNFM_PORT)"],
    ];
    for (const [url, reason] of cases)
      expect(await refusedAt(url)).toMatchObject({
        code: 'KUBECONFIG_RECEIVER_NOT_ALLOWED',
        status: 422,
        detail: expect.stringContaining(reason),
      });
    // A name that does not resolve yet is left to the connection, which is checked again.
    expect(await refusedAt('https://receiver.example:8443/clusters')).toBeUndefined();
    expect(await refusedAt('https://127.0.0.1:8443/clusters')).toBeUndefined();
  });
});

describe('additionalParams.cluster_kubeconfig', () => {
  it('reads the receiver, its CA and auth, the cluster and register_vim', () => {
    const params = readCredentialsParams({
      cluster_kubeconfig: {
        cluster_name: 'w1',
        namespace: 'capi',
        register_vim: true,
        vim_name: 'w1-vim',
        receiver: { ...receiver, username: 'u', password: 'p:w' },
      },
    });
    expect(params).toEqual({
      clusterName: 'w1',
      namespace: 'capi',
      registerVim: true,
      vimName: 'w1-vim',
      receiver: {
        url: new URL(receiver.url),
        caCert: CA,
        caCertPath: undefined,
        allowInsecureHttp: false,
        auth: { kind: 'basic', username: 'u', password: 'p:w' },
      },
    });
    expect(
      readCredentialsParams({
        cluster_kubeconfig: { receiver: { url: receiver.url, ca_cert_path: './Files/ca.pem', bearer_token: 'abc.DEF-1' } },
      }).receiver,
    ).toMatchObject({ caCertPath: 'Files/ca.pem', auth: { kind: 'bearer', token: 'abc.DEF-1' } });
  });

  it('refuses plain http unless allow_insecure_http is true, user-info in the URL, and https without a CA', () => {
    expect(read({ receiver: { url: 'http://receiver.example/clusters' } })).toThrow(/plain http: the kubeconfig would travel in clear/);
    expect(
      readCredentialsParams({ cluster_kubeconfig: { receiver: { url: 'http://receiver.example/clusters', allow_insecure_http: true } } })
        .receiver.allowInsecureHttp,
    ).toBe(true);
    expect(read({ receiver: { ...receiver, url: 'https://user:secret@receiver.example/' } })).toThrow(/must not carry user-info/);
    expect(read({ receiver: { url: receiver.url } })).toThrow(/ca_cert \(PEM\) or .*ca_cert_path .* is required/);
    expect(read({ receiver: { url: 'ftp://receiver.example/', allow_insecure_http: true } })).toThrow(/must be an https URL/);
  });

  it('refuses bad auth without repeating a password or token', () => {
    for (const [receiverAuth, message] of [
      [{ bearer_token: 'tok', username: 'u', password: 'hunter2' }, 'both bearer_token and username/password'],
      [{ username: 'u' }, 'username and additionalParams.cluster_kubeconfig.receiver.password go together'],
      [{ bearer_token: 'not a token hunter2' }, 'not a token68'],
      [{ username: 'a:b', password: 'hunter2' }, "must not contain ':'"],
      [{ password: 42 }, 'password must be a string'],
    ] as const) {
      let detail = '';
      try {
        read({ receiver: { ...receiver, ...receiverAuth } })();
      } catch (error) {
        detail = (error as { detail: string }).detail;
      }
      expect(detail).toContain(message);
      expect(detail).not.toContain('hunter2');
    }
  });

  it('refuses names that are no Kubernetes object names, package paths outside the package, and a non-boolean register_vim', () => {
    expect(read({ cluster_name: 'Bad_Name', receiver })).toThrow(/cluster_name must be a Kubernetes object name/);
    expect(read({ receiver: { url: receiver.url, ca_cert_path: '../etc/ca.pem' } })).toThrow(
      /ca_cert_path must be a path inside the VNF package/,
    );
    expect(read({ receiver, register_vim: 'yes' })).toThrow(/register_vim must be true or false/);
    expect(read({ receiver: { url: receiver.url, ca_cert: 'not a pem' } })).toThrow(/ca_cert must be PEM certificates/);
  });
});
