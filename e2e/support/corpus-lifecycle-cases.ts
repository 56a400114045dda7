import type { StageOptions } from './corpus-packages';
import { instantiateRequest } from './lcm-requests';

type Json = Record<string, unknown>;

/** One corpus package flavour the lifecycle e2e runs: how to instantiate it and which aspects scale which VDU. */
export interface LifecycleCase {
  /** The Tacker corpus folder. */
  pkg: string;
  flavourId: string;
  /** How the package is staged: hooks with a MgmtDriver implementation stripped, digests of stand-in scripts, a vnfdId of its own. */
  stage: StageOptions;
  /** Aspect id → the VDU it scales (one VNFC per step in every case here). */
  aspects: Record<string, string>;
  /** The InstantiateVnfRequest the operator writes to a file for `openstack vnflcm instantiate`. */
  request(apiMajor: 1 | 2, vimId: string): Json;
}

const cirros = { flavor: 'm1.tiny', image: 'cirros-0.5.2-x86_64-disk' };
const extIp = (address: string) => ({ network_id: 'public', subnets: [{ fixed_ip_addresses: [address] }] });
/** A request that fills the BaseHOT's `nfv` paths no VNFD value fills, and any other top-level parameter, through additionalParams. */
const byParams = (flavourId: string, additionalParams: Json, instantiationLevelId?: string) => () => ({
  flavourId,
  ...(instantiationLevelId && { instantiationLevelId }),
  additionalParams,
});
const v1Nodes = (vdus: string[], cps: string[]) => ({
  VDU: Object.fromEntries(vdus.map((vdu) => [vdu, { flavor: 'm1.medium', image: 'ubuntu-20.04-server-cloudimg-amd64' }])),
  CP: Object.fromEntries(cps.map((cp) => [cp, { network: 'net0' }])),
});

/**
 * An external VL of the request (seed 002's `net0`) binding the given CPs,
 * as each API version writes cpConfig: a list in SOL 003 v2.6.1 (v1), a map
 * keyed by cpConfigId in v3.3.1 (v2).
 */
const extVirtualLink = (apiMajor: 1 | 2, cpdIds: string[]) => ({
  id: 'net0',
  resourceId: 'net0',
  extCps: cpdIds.map((cpdId) => {
    const config = { cpProtocolData: [{ layerProtocol: 'IP_OVER_ETHERNET' }] };
    return { cpdId, cpConfig: apiMajor === 1 ? [config] : { [`${cpdId}_1`]: config } };
  }),
});

/**
 * Both kubeadm flavours come from one onboarded package; it shares its vnfdId with mgmt-kubespray upstream. Here the
 * VNF's own lifecycle on Heat is the subject; the package with its hooks as packaged (the kubeadm MgmtDriver building,
 * scaling and healing the cluster) is e2e/kubeadm-cluster.e2e.spec.ts, as mgmt-kubespray's is kubespray-cluster's.
 */
const kubeadmStage: StageOptions = {
  stripHooks: true,
  restampDigests: true,
  dropImports: ['sample_kubernetes_df_podaffinity.yaml'],
  vnfdId: { from: 'b1db0ce7-ebca-1fb7-95ed-4840d70a1163', to: 'b1db0ce7-ebca-1fb7-95ed-4840d70a1164' },
};

export const LIFECYCLE_CASES: LifecycleCase[] = [
  {
    pkg: 'vnf-v2-basic-lcms-max',
    flavourId: 'simple',
    stage: {},
    aspects: { VDU1_scale: 'VDU1' },
    // v1 names the VIM as Tacker's v1 clients do, with vimType ETSINFV.OPENSTACK_KEYSTONE.V_2.
    request: (apiMajor, vimId) => ({
      ...instantiateRequest(apiMajor),
      ...(apiMajor === 1 && { vimConnectionInfo: [{ id: 'vim1', vimId, vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_2' }] }),
    }),
  },
  {
    pkg: 'vnf-v2-userdata-standard',
    flavourId: 'simple',
    stage: { stripHooks: true, vnfdId: { from: 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000', to: 'b1bb0ce7-ebca-4fa7-95ed-4840d7000003' } },
    aspects: { VDU1_scale: 'VDU1' },
    request: byParams('simple', {
      nfv: {
        VDU: { VDU1: { name: 'VDU1' } },
        CP: { VDU1_CP1: { network: 'net0' }, VDU2_CP1: { network: 'net0', fixed_ips: [{ subnet: 'subnet0' }] } },
      },
    }),
  },
  {
    pkg: 'practical-vnf-package',
    flavourId: 'ha',
    stage: {},
    aspects: {},
    request: byParams('ha', {
      security_group: 'default',
      nfv: {
        VDU: { VDU_0: cirros, VDU_1: cirros },
        CP: {
          VDU0_extCP0: extIp('10.10.0.11'),
          VDU1_extCP0: extIp('10.10.0.12'),
          RT_extCP: extIp('10.10.0.1'),
          VDU_extvCP: extIp('10.10.0.10'),
        },
      },
    }),
  },
  {
    pkg: 'practical-vnf-package',
    flavourId: 'scalable',
    stage: {},
    aspects: { VDU_2: 'VDU_2' },
    request: byParams(
      'scalable',
      {
        security_group: 'default',
        nfv: {
          VDU: { VDU_0: cirros, VDU_1: cirros, VDU_2: cirros },
          CP: { VDU0_CP1: extIp('10.10.1.10'), VDU1_CP1: extIp('10.10.1.11'), VDU2_CP1: extIp('10.10.1.13') },
        },
      },
      'r-node-min',
    ),
  },
  {
    // Seed 000's user data fills the BaseHOT's nfv (flavour and image from the VNFD, networks from the request's external VLs).
    pkg: 'mgmt-kubespray',
    flavourId: 'simple',
    stage: { stripHooks: true, restampDigests: true },
    aspects: { master_instance: 'masterNode', worker_instance: 'workerNode' },
    request: (apiMajor) => ({
      flavourId: 'simple',
      extVirtualLinks: [extVirtualLink(apiMajor, ['masterNode_CP1', 'workerNode_CP2', 'externalLB_CP3'])],
      additionalParams: {
        'lcm-operation-user-data': './UserData/k8s_cluster_user_data.py',
        'lcm-operation-user-data-class': 'KubernetesClusterUserData',
      },
    }),
  },
  {
    pkg: 'mgmt-k8s-cluster-kubeadm',
    flavourId: 'simple',
    stage: kubeadmStage,
    aspects: { master_instance: 'masterNode', worker_instance: 'workerNode' },
    request: byParams('simple', { nfv: v1Nodes(['masterNode', 'workerNode'], ['masterNode_CP1', 'workerNode_CP2']) }),
  },
  {
    // 3 masters and 2 workers; every master port admits the address of the BaseHOT's own vip_CP (keepalived, set up by the MgmtDriver in the VMs, moves it).
    pkg: 'mgmt-k8s-cluster-kubeadm',
    flavourId: 'complex',
    stage: kubeadmStage,
    aspects: { master_instance: 'masterNode', worker_instance: 'workerNode' },
    request: byParams('complex', { nfv: v1Nodes(['masterNode', 'workerNode'], ['masterNode_CP1', 'workerNode_CP2']) }),
  },
  {
    pkg: 'mgmt-k8s-cluster-v2',
    flavourId: 'simple',
    stage: { stripHooks: true },
    aspects: { workerNode_scale: 'workerNode' },
    request: byParams('simple', { nfv: { CP: { masterNode_CP1: { network: 'net0' }, workerNode_CP1: { network: 'net0' } } } }),
  },
  {
    // No BaseHOT: the template is built from the VNFD (flavours of virtual_compute, images uploaded from the package, VDU2 scaled by worker_instance, booting from its volume; CP1 on the request's VL).
    pkg: 'vnf-helloworld3',
    flavourId: 'simple',
    stage: {},
    aspects: { worker_instance: 'VDU2' },
    request: (apiMajor) => ({ flavourId: 'simple', extVirtualLinks: [extVirtualLink(apiMajor, ['CP1'])] }),
  },
  {
    // Seed 002's body (the private registry VNF, no BaseHOT), adapted: the simulator's net0, its VIM; its MgmtDriver hooks stripped.
    pkg: 'mgmt-private-registry',
    flavourId: 'simple',
    stage: { stripHooks: true },
    aspects: {},
    request: (apiMajor, vimId) => ({
      flavourId: 'simple',
      extVirtualLinks: [extVirtualLink(apiMajor, ['CP1'])],
      additionalParams: {
        private_registry_installation_param: {
          ssh_cp_name: 'CP1',
          ssh_username: 'ubuntu',
          ssh_password: 'ubuntu',
          image_path: 'Files/images/private_registry.tar',
        },
      },
      ...(apiMajor === 1 && { vimConnectionInfo: [{ id: 'vim1', vimId, vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_2' }] }),
    }),
  },
];
