import { isRecord } from '@vnfm/util';
import {
  ParamMembers as Members,
  proxyPasswords,
  readRegistryConnections,
  REGISTRY_CONNECTIONS_PARAM,
  type RegistryConnection,
} from '@vnfm/vm-cluster';
import { KUBESPRAY_ERRORS } from './kubespray.errors';

/** `additionalParams` member the kubespray MgmtDriver reads (tacker-specs "k8s-mgmtdriver-kubespray", Request parameters for operation). */
const CLUSTER_PARAM = 'k8s_cluster_installation_param';

export interface AnsibleServerParams {
  ipAddress: string;
  username: string;
  password: string;
  kubesprayRootPath: string;
  /** Where the generated inventory is put on the Ansible server (a file path, or a directory ending in `/` that gets `hosts.ini`). */
  transferringInventoryPath: string;
}

export interface NodeParams {
  aspectId?: string;
  /** CP whose address Ansible and the driver log in to. */
  sshCpName: string;
  /** CP whose address is the node's `ip` (the cluster network); defaults to sshCpName. */
  nicCpName: string;
  username: string;
  password: string;
}

interface MasterParams extends NodeParams {
  podCidr?: string;
  clusterCidr?: string;
  /** CP whose address clients reach the API server on; defaults to nicCpName. */
  clusterCpName: string;
}

interface ExternalLbParams {
  sshCpName: string;
  sshUsername: string;
  sshPassword: string;
  /** Package path of the load balancer script (a leading `./` is dropped). */
  scriptPath: string;
}

interface ProxyParams {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
  k8sNodeCidr?: string;
}

export interface ClusterParams {
  vimName?: string;
  ansible: AnsibleServerParams;
  master: MasterParams;
  worker: NodeParams;
  proxy?: ProxyParams;
  externalLb?: ExternalLbParams;
  /** Docker private registries every node connects to (tacker-specs "cir-k8s-cluster"); empty when none. */
  registries: RegistryConnection[];
}

function nodeParams(members: Members): NodeParams {
  const sshCpName = members.word('ssh_cp_name');
  return {
    aspectId: members.optionalText('aspect_id'),
    sshCpName,
    nicCpName: members.optionalText('nic_cp_name') ?? sshCpName,
    username: members.word('username'),
    password: members.text('password'),
  };
}

/**
 * `additionalParams.k8s_cluster_installation_param` of an instantiation,
 * checked before any node is touched: a missing or wrong member is a 422
 * naming it. `ansible` is 0..1 in the spec's table, yet without an Ansible
 * server there is no kubespray, so this driver requires it.
 */
export function readClusterParams(additionalParams: unknown): ClusterParams {
  const root = Members.of(
    isRecord(additionalParams) ? additionalParams[CLUSTER_PARAM] : undefined,
    `additionalParams.${CLUSTER_PARAM}`,
    true,
    KUBESPRAY_ERRORS,
  ) as Members;
  const ansible = root.child('ansible', true) as Members;
  const master = root.child('master_node', true) as Members;
  const worker = root.child('worker_node', true) as Members;
  const proxy = root.child('proxy', false);
  const lb = root.child('external_lb_param', false);
  const masterNode = nodeParams(master);
  return {
    vimName: root.optionalText('vim_name'),
    ansible: {
      ipAddress: ansible.word('ip_address'),
      username: ansible.word('username'),
      password: ansible.text('password'),
      kubesprayRootPath: ansible.word('kubespray_root_path'),
      transferringInventoryPath: ansible.word('transferring_inventory_path'),
    },
    master: {
      ...masterNode,
      podCidr: master.network('pod_cidr'),
      clusterCidr: master.network('cluster_cidr'),
      clusterCpName: master.optionalText('cluster_cp_name') ?? masterNode.nicCpName,
    },
    worker: nodeParams(worker),
    proxy: proxy && {
      httpProxy: proxy.optionalText('http_proxy'),
      httpsProxy: proxy.optionalText('https_proxy'),
      noProxy: proxy.optionalText('no_proxy'),
      k8sNodeCidr: proxy.cidr('k8s_node_cidr'),
    },
    externalLb: lb && {
      sshCpName: lb.word('ssh_cp_name'),
      sshUsername: lb.word('ssh_username'),
      sshPassword: lb.text('ssh_password'),
      scriptPath: lb.word('script_path').replace(/^(\.\/)+/, ''),
    },
    registries: readRegistryConnections(
      root.raw(REGISTRY_CONNECTIONS_PARAM),
      `additionalParams.${CLUSTER_PARAM}.${REGISTRY_CONNECTIONS_PARAM}`,
      KUBESPRAY_ERRORS,
    ),
  };
}

/** Every password of the parameters: the values a session masks in what it captures. */
export function clusterSecrets(params: ClusterParams): string[] {
  return [
    params.ansible.password,
    params.master.password,
    params.worker.password,
    params.externalLb?.sshPassword,
    ...proxyPasswords(params.proxy?.httpProxy, params.proxy?.httpsProxy),
    ...params.registries.map((registry) => registry.password),
  ].filter((value): value is string => !!value);
}
