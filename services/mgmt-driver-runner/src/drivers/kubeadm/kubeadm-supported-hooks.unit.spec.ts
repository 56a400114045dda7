import { seedClusterParam } from '@vnfm/kubeadm/testing';
import type { ServiceRuntime } from '@vnfm/platform';
import type { RemoteShell } from '../../ssh/remote-shell';
import { SupportedHooksController } from '../../supported-hooks.controller';
import { BUILT_IN_DRIVERS } from '../built-in';
import { MgmtDriverRegistry } from '../mgmt-driver-registry';

const refusingShell: RemoteShell = { open: () => Promise.reject(new Error('no SSH in this test')) };
const artifact = (path: string) => ({
  name: 'mgmt-drivers-kubernetes',
  type: 'tosca.artifacts.Implementation.Python',
  path,
  dependencies: [],
  additionalParameters: {},
});

describe("the runner's built-in drivers and Tacker's kubeadm packages", () => {
  const controller = new SupportedHooksController(
    new MgmtDriverRegistry(
      BUILT_IN_DRIVERS.map((make) => make({ shell: refusingShell, runtime: { config: { port: 9890 } } as unknown as ServiceRuntime })),
    ),
  );

  it('take the hooks of the v1 and v2 samples with the kubeadm driver', async () => {
    const reply = await controller.supportedHooks({
      artifacts: [
        { hook: 'instantiate_end', artifact: artifact('Scripts/kubernetes_mgmt.py') },
        { hook: 'scale_end', artifact: artifact('../Scripts/kubernetes_mgmt_v2.py') },
      ],
      additionalParams: { k8s_cluster_installation_param: seedClusterParam() },
    });
    expect(reply.drivers).toContain('kubeadm');
    expect(reply.answers).toEqual([
      { hook: 'instantiate_end', driver: 'kubeadm' },
      { hook: 'scale_end', driver: 'kubeadm' },
    ]);
  });

  it("refuse the request's parameters before anything starts, as Tacker's driver does, naming the member", async () => {
    const withoutScript = seedClusterParam();
    delete withoutScript['script_path'];
    const reply = await controller.supportedHooks({
      artifacts: [{ hook: 'instantiate_end', artifact: artifact('Scripts/kubernetes_mgmt.py') }],
      additionalParams: { k8s_cluster_installation_param: withoutScript },
    });
    expect(reply.answers).toEqual([
      {
        hook: 'instantiate_end',
        driver: 'kubeadm',
        refused: {
          code: 'KUBEADM_PARAMS_INVALID',
          detail:
            'additionalParams.k8s_cluster_installation_param.script_path is required by the kubeadm MgmtDriver and is missing or empty.',
        },
      },
    ]);
  });
});
