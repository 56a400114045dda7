import { randomUUID } from 'node:crypto';
import { defaultVimName, kubernetesVimBody, type ClusterAccess } from '@vnfm/vm-cluster';
import type { ServiceRuntime } from '@vnfm/platform';
import { VIM_REGISTRY_MESSAGES, type RegisterVimMessage, type VimReply } from '@vnfm/vim-domain';

export interface WorkloadVim {
  vimId: string;
  vimName: string;
  authUrl: string;
}

/**
 * Registers the workload cluster as a Kubernetes VIM in the VIM registry, as
 * `openstack vim register` would (the body Tacker's drivers send for a cluster
 * they made); the registry validates it, keeps the token sealed and checks
 * reachability.
 */
export async function registerWorkloadVim(
  bus: ServiceRuntime['bus'],
  ids: { vnfInstanceId: string; clusterName: string },
  access: ClusterAccess,
  vimName: string | undefined,
): Promise<WorkloadVim> {
  const name = vimName ?? `${defaultVimName(ids.vnfInstanceId)}_${ids.clusterName}`;
  const vimId = randomUUID();
  const authUrl = access.server.replace(/\/$/, '');
  const body = kubernetesVimBody(name, authUrl, access, { vnfInstanceId: ids.vnfInstanceId, builtWith: 'Cluster API' });
  const message: RegisterVimMessage = {
    vimId,
    body: { vim: { ...body.vim, description: `Cluster API workload cluster ${ids.clusterName} of VNF instance ${ids.vnfInstanceId}` } },
  };
  await bus.request<VimReply>(VIM_REGISTRY_MESSAGES.registerVim, message, { key: vimId });
  return { vimId, vimName: name, authUrl };
}
