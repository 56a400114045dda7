import { randomUUID } from 'node:crypto';
import { CoreV1Api, KubeConfig, KubernetesObjectApi } from '@kubernetes/client-node';
import type { RecordStepResultMessage, StepResult, VimConnectionRef } from '@vnfm/contracts';
import { instanceSelector } from '@vnfm/kubernetes-manifests';
import { VIM_REGISTRY_MESSAGES, type VimReply } from '@vnfm/vim-domain';
import { tackerRegisterBody } from '@vnfm/vim-domain/testing';
import { ensureK8s, K8S_UP_TIMEOUT_MS, readVimConfig, type K8sControlPlane } from '../../../e2e/support/k8s';
import { KubernetesDriverHarness } from './testing/driver-harness';

jest.setTimeout(120_000);

const succeeded = (outcome: RecordStepResultMessage['outcome']): StepResult => {
  if (outcome.status !== 'SUCCEEDED') throw new Error(`step failed: ${outcome.error.detail}`);
  return outcome.result;
};

// A Kubernetes VIM in Tacker's OIDC form (oidc_token_url, username, password, client_id, client_secret): the API
// server of tools/k8s trusts the ID tokens of the OIDC provider k8s.sh runs beside it (structured authentication).
describe('kubernetes-driver: a CNF on a Kubernetes VIM that authenticates with OIDC (password grant, ID token as bearer)', () => {
  const harness = new KubernetesDriverHarness();
  const namespace = `vnfm-oidc-${randomUUID().slice(0, 8)}`;
  let cp: K8sControlPlane;
  let oidcVim: Record<string, unknown>;
  let admin: KubernetesObjectApi;
  let core: CoreV1Api;
  let vnfdId: string;

  const register = async (config: Record<string, unknown>): Promise<Record<string, VimConnectionRef>> => {
    const vimId = randomUUID();
    await harness.request(VIM_REGISTRY_MESSAGES.registerVim, { vimId, body: tackerRegisterBody(config, { name: `oidc-${vimId}` }) });
    return { vim1: { vimId, vimType: 'ETSINFV.KUBERNETES.V_1' } };
  };
  const status = async (vims: Record<string, VimConnectionRef>) =>
    (await harness.request<VimReply>(VIM_REGISTRY_MESSAGES.getVim, { vimId: vims['vim1']?.vimId })).vim;
  const params = () => ({ 'lcm-kubernetes-def-files': ['Files/kubernetes/deployment.yaml'], namespace });
  const instantiate = (vnfInstanceId: string, vims: Record<string, VimConnectionRef>) =>
    harness.step(
      vnfInstanceId,
      vnfdId,
      vims,
      { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: [], vimConnectionInfo: vims },
      params(),
    );

  beforeAll(async () => {
    cp = await ensureK8s();
    oidcVim = await readVimConfig(cp.oidcVimFile);
    const config = new KubeConfig();
    config.loadFromFile(cp.kubeconfig);
    admin = KubernetesObjectApi.makeApiClient(config);
    core = config.makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    await harness.start();
    vnfdId = await harness.onboardCnf();
  }, K8S_UP_TIMEOUT_MS);
  afterAll(async () => {
    await harness.dispose();
    await core?.deleteNamespace({ name: namespace }).catch(() => undefined);
  });

  it('registers REACHABLE, instantiates (objects made as the OIDC user) and terminates', async () => {
    const vims = await register(oidcVim);
    expect(await status(vims)).toMatchObject({ status: 'REACHABLE' });
    const vnfInstanceId = randomUUID();
    const result = succeeded(await harness.run(instantiate(vnfInstanceId, vims)));
    expect(result.vnfcsAdded?.length).toBeGreaterThan(0);
    const deployments = await admin.list(
      'apps/v1',
      'Deployment',
      namespace,
      undefined,
      undefined,
      undefined,
      undefined,
      instanceSelector(vnfInstanceId),
    );
    expect(deployments.items.map((item) => item.metadata?.name)).toEqual(['vdu2']);

    succeeded(
      await harness.run(
        harness.step(
          vnfInstanceId,
          vnfdId,
          vims,
          { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] },
          params(),
          result.vnfcsAdded,
        ),
      ),
    );
    expect(
      (await admin.list('apps/v1', 'Deployment', namespace, undefined, undefined, undefined, undefined, instanceSelector(vnfInstanceId)))
        .items,
    ).toEqual([]);
  });

  it("a client secret the provider refuses fails the step with the provider's answer (502), no secret in it, nothing made", async () => {
    const wrongSecret = `wrong-${randomUUID()}`;
    const vims = await register({ ...oidcVim, client_secret: wrongSecret });
    expect(await status(vims)).toMatchObject({ status: 'UNREACHABLE' });
    const vnfInstanceId = randomUUID();
    const outcome = await harness.run(instantiate(vnfInstanceId, vims));
    expect(outcome).toMatchObject({
      status: 'FAILED',
      error: { status: 502, detail: expect.stringContaining('issued no id_token (HTTP 401)') },
    });
    expect(JSON.stringify(outcome)).not.toContain(wrongSecret);
    expect(JSON.stringify(outcome)).not.toContain(String(oidcVim['password']));
    expect(
      (await admin.list('apps/v1', 'Deployment', namespace, undefined, undefined, undefined, undefined, instanceSelector(vnfInstanceId)))
        .items,
    ).toEqual([]);
  });
});
