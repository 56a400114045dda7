import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LCM_COORDINATOR, type LcmOperationRequest, type StartOperationReply, type VnfInstanceView } from '@vnfm/lcm-domain';
import { VIM_REGISTRY_MESSAGES } from '@vnfm/vim-domain';
import { tackerRegisterBody } from '@vnfm/vim-domain/testing';
import { corpusPath, fixturePath, stageFolders, zipFolder } from '@vnfm/vnf-package/testing';
import { LcmHarness } from './testing/lcm-harness';

jest.setTimeout(120_000);

/** A Kubernetes VIM as Tacker registers it; nothing is asked of its API server before an operation's step. */
const K8S_VIM = { auth_url: 'https://192.0.2.1:6443', type: 'kubernetes', project_name: 'default', bearer_token: 'token-1' };

describe('lcm-coordinator: what the Kubernetes infra driver does not do yet is refused at the request, before any occurrence', () => {
  const harness = new LcmHarness();
  let vnfdId: string;

  const register = async (config: Record<string, unknown>) => {
    const vimId = randomUUID();
    await harness.request(VIM_REGISTRY_MESSAGES.registerVim, { vimId, body: tackerRegisterBody(config, { name: `k8s-${vimId}` }) });
    return vimId;
  };
  /** Creates an instance, asks for `request`, and returns the refusal with the instance as it is after it. */
  const refusedInstantiation = async (vimConnectionInfo: Record<string, unknown>) => {
    const vnfInstanceId = (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId } }))
      .id;
    const request = {
      operation: 'INSTANTIATE',
      params: {
        flavourId: 'simple',
        vimConnectionInfo,
        additionalParams: { 'lcm-kubernetes-def-files': ['Files/kubernetes/deployment.yaml'] },
      },
    } as LcmOperationRequest;
    const refusal = await harness
      .request<StartOperationReply>(LCM_COORDINATOR.startOperation, { apiMajor: 2, vnfInstanceId, request })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const instance = await harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId });
    return { refusal, instance };
  };

  beforeAll(async () => {
    await harness.start();
    // Its Vnflcm hooks declared without an implementation (Tacker's sample script is not in the corpus): only the infra step is planned.
    const stage = await stageFolders(harness.dataDir, corpusPath('tacker', 'cnf-v2-all-kinds'), fixturePath('tacker', 'cnf-v2-all-kinds'));
    const df = join(stage, 'Definitions', 'sample_cnf_df_simple.yaml');
    await writeFile(df, (await readFile(df, 'utf8')).replace(/:\n {12}implementation: sample-script/g, ': []'));
    vnfdId = await harness.onboardZip(await readFile(await zipFolder(stage, join(harness.dataDir, 'cnf.zip'))));
  });
  afterAll(() => harness.dispose());

  it('refuses an instantiation on a Helm VIM (ETSINFV.HELM.V_3) with 422: no occurrence, no step, the instance NOT_INSTANTIATED', async () => {
    const vimId = await register({ ...K8S_VIM, extra: { use_helm: true } });
    const { refusal, instance } = await refusedInstantiation({ vim1: { vimId, vimType: 'ETSINFV.HELM.V_3' } });
    expect(refusal).toMatchObject({
      status: 422,
      code: 'KUBERNETES_DRIVER_NOT_AVAILABLE',
      detail: expect.stringMatching(/Helm charts \(ETSINFV.HELM.V_3 VIM .*operation was not started/),
    });
    expect(instance).toMatchObject({ instantiationState: 'NOT_INSTANTIATED' });
    expect(harness.steps).toEqual([]);
  });

  it('lets an instantiation on a bearer-token Kubernetes VIM start (its step goes to the Kubernetes driver)', async () => {
    const vimId = await register(K8S_VIM);
    const vnfInstanceId = (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId } }))
      .id;
    const request = {
      operation: 'INSTANTIATE',
      params: { flavourId: 'simple', vimConnectionInfo: { vim1: { vimId, vimType: 'ETSINFV.KUBERNETES.V_1' } } },
    } as LcmOperationRequest;
    await expect(
      harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, { apiMajor: 2, vnfInstanceId, request }),
    ).resolves.toMatchObject({ vnfLcmOpOccId: expect.any(String) });
    // No Kubernetes driver runs in this test: the occurrence waits for its step, which is all this shows.
  });
});
