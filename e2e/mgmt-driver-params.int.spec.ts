import { randomUUID } from 'node:crypto';
import type { VnfInstanceView, VnfLcmOpOccView } from '@vnfm/lcm-domain';
import { seedClusterParam } from '@vnfm/kubeadm/testing';
import { sampleClusterParam } from '@vnfm/kubespray/testing';
import { onboardZip, zipStagedPackage } from './support/corpus-packages';
import { InProcessStage } from './support/in-process-stage';
import { createInstance, getJson } from './support/lcm-http';

// Three packages onboarded into the product in this process; no SSH host or VM is reached.
jest.setTimeout(300_000);

/**
 * The kubespray, kubeadm and private registry MgmtDrivers' parameters, refused
 * through the lifecycle API before the operation starts: 422 ProblemDetails
 * naming the member, no occurrence, the instance not instantiated, nothing in
 * the VIM.
 */
describe('MgmtDriver parameters checked before the operation starts (/vnflcm/v2 on the product, the OpenStack simulator as VIM)', () => {
  const stage = new InProcessStage();
  const run = randomUUID().slice(0, 8);
  const password = `node-secret-${run}`;
  let kubesprayVnfdId: string;
  let kubeadmVnfdId: string;
  let registryVnfdId: string;

  beforeAll(async () => {
    await stage.open();
    // As packaged: their hooks name Tacker's Scripts/kubespray_mgmt.py and Scripts/private_registry_mgmt.py.
    const kubespray = await zipStagedPackage(stage.dataDir, 'mgmt-kubespray', { restampDigests: true });
    kubesprayVnfdId = String((await onboardZip(stage.http, 'mgmt-kubespray', kubespray)).vnfdId);
    // Its hooks name Tacker's Scripts/kubernetes_mgmt.py; it shares its vnfdId with mgmt-kubespray upstream.
    const kubeadm = await zipStagedPackage(stage.dataDir, 'mgmt-k8s-cluster-kubeadm', {
      restampDigests: true,
      dropImports: ['sample_kubernetes_df_podaffinity.yaml'],
      vnfdId: { from: 'b1db0ce7-ebca-1fb7-95ed-4840d70a1163', to: 'b1db0ce7-ebca-1fb7-95ed-4840d70a1165' },
    });
    kubeadmVnfdId = String((await onboardZip(stage.http, 'mgmt-k8s-cluster-kubeadm', kubeadm)).vnfdId);
    const registry = await zipStagedPackage(stage.dataDir, 'mgmt-private-registry', { restampDigests: true, tackerTypes: true });
    registryVnfdId = String((await onboardZip(stage.http, 'mgmt-private-registry', registry)).vnfdId);
  }, 300_000);

  afterAll(async () => {
    await stage.close();
  });

  /** POST instantiate, which must be refused with the driver's 422; then nothing of the operation exists. */
  const refusedInstantiate = async (vnfdId: string, additionalParams: Record<string, unknown>) => {
    const instance = await createInstance(stage.http, vnfdId, `params-${run}`);
    const response = await stage.http(`/vnflcm/v2/vnf_instances/${instance.id}/instantiate`, {
      method: 'POST',
      body: JSON.stringify({ flavourId: 'simple', additionalParams }),
    });
    const problem = (await response.json()) as { status: number; detail: string };
    expect([response.status, response.headers.get('content-type')]).toEqual([422, expect.stringContaining('application/problem+json')]);
    const opOccs = await getJson<VnfLcmOpOccView[]>(stage.http, '/vnflcm/v2/vnf_lcm_op_occs');
    expect(opOccs.filter((opOcc) => opOcc.vnfInstanceId === instance.id)).toEqual([]);
    expect(await getJson<VnfInstanceView>(stage.http, `/vnflcm/v2/vnf_instances/${instance.id}`)).toMatchObject({
      instantiationState: 'NOT_INSTANTIATED',
    });
    expect(stage.sim.state()).toMatchObject({ stacks: [], servers: [] });
    expect(JSON.stringify(problem)).not.toContain(password);
    return problem;
  };

  it('kubespray: a wrong private_registry_connection_info entry, and no Ansible server, are 422 naming the member', async () => {
    const param = sampleClusterParam() as Record<string, Record<string, unknown>>;
    const withPasswords = {
      ...param,
      master_node: { ...param['master_node'], password },
      worker_node: { ...param['worker_node'], password },
    };
    const registry = await refusedInstantiate(kubesprayVnfdId, {
      k8s_cluster_installation_param: {
        ...withPasswords,
        private_registry_connection_info: [
          { connection_type: '0', server: '192.168.0.10:5000' },
          { connection_type: 'https', server: 'registry.example.com', username: 'user01', password },
        ],
      },
    });
    expect(registry.detail).toContain(
      'additionalParams.k8s_cluster_installation_param.private_registry_connection_info[1].connection_type must be 0 (HTTP) or 1 (HTTPS), not "https".',
    );
    expect(registry.detail).toContain('instantiate_end (MgmtDriver kubespray)');

    const ansible = await refusedInstantiate(kubesprayVnfdId, {
      k8s_cluster_installation_param: { ...withPasswords, ansible: undefined },
    });
    expect(ansible.detail).toContain(
      'additionalParams.k8s_cluster_installation_param.ansible is required by the kubespray MgmtDriver and is missing.',
    );
  });

  it('kubeadm: a pod network with host bits, a wrong private_registry_connection_info entry, and no script_path, are 422 naming the member', async () => {
    const param = seedClusterParam() as Record<string, Record<string, unknown>>;
    const withPasswords = {
      ...param,
      master_node: { ...param['master_node'], password },
      worker_node: { ...param['worker_node'], password },
    };
    const network = await refusedInstantiate(kubeadmVnfdId, {
      k8s_cluster_installation_param: { ...withPasswords, master_node: { ...withPasswords.master_node, pod_cidr: '192.168.3.0/16' } },
    });
    expect(network.detail).toContain(
      'additionalParams.k8s_cluster_installation_param.master_node.pod_cidr must be a network with no host bits set, such as 192.168.0.0/16, not "192.168.3.0/16".',
    );
    expect(network.detail).toContain('instantiate_end (MgmtDriver kubeadm)');

    const registry = await refusedInstantiate(kubeadmVnfdId, {
      k8s_cluster_installation_param: {
        ...withPasswords,
        private_registry_connection_info: [{ connection_type: '1', server: 'registry.example.com', username: 'user01' }],
      },
    });
    expect(registry.detail).toContain(
      'additionalParams.k8s_cluster_installation_param.private_registry_connection_info[0] must give both username and password to log in, or neither.',
    );

    const script = await refusedInstantiate(kubeadmVnfdId, {
      k8s_cluster_installation_param: { ...withPasswords, script_path: undefined },
    });
    expect(script.detail).toContain(
      'additionalParams.k8s_cluster_installation_param.script_path is required by the kubeadm MgmtDriver and is missing or empty.',
    );
  });

  it('private registry: a port that is no TCP port, and a missing SSH user, are 422 naming the member', async () => {
    const param = { ssh_cp_name: 'CP1', ssh_username: 'ubuntu', ssh_password: password, image_path: 'Files/images/private_registry.tar' };
    const port = await refusedInstantiate(registryVnfdId, { private_registry_installation_param: { ...param, port_no: 70000 } });
    expect(port.detail).toContain('additionalParams.private_registry_installation_param.port_no must be a TCP port (1-65535), not 70000.');
    const user = await refusedInstantiate(registryVnfdId, { private_registry_installation_param: { ...param, ssh_username: undefined } });
    expect(user.detail).toContain('additionalParams.private_registry_installation_param.ssh_username is required');
  });
});
