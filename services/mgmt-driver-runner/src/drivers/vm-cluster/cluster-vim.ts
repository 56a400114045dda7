import { randomUUID } from 'node:crypto';
import { AppError } from '@vnfm/contracts';
import { clusterAuthUrl, defaultVimName, kubernetesVimBody, type ClusterAccess } from '@vnfm/vm-cluster';
import type { ServiceRuntime } from '@vnfm/platform';
import { VIM_REGISTRY_MESSAGES, type RegisterVimMessage, type VimIdMessage, type VimReply } from '@vnfm/vim-domain';

/** A driver's entry in `metadata.mgmtDriverOutputs`: the Kubernetes VIM of the cluster it built. */
export interface ClusterVimOutput {
  vimId: string;
  vimName: string;
  authUrl: string;
}

/** The VIM an earlier hook registered under the output `key`, from the (opened) earlier outputs. */
export function registeredVim(earlierOutputs: Record<string, unknown> | undefined, key: string): ClusterVimOutput | undefined {
  const entry = earlierOutputs?.[key] as Partial<ClusterVimOutput> | null | undefined;
  return entry && typeof entry.vimId === 'string' ? (entry as ClusterVimOutput) : undefined;
}

/**
 * Registers the cluster as a Kubernetes VIM in the VIM registry (Tacker's
 * drivers register it the same way), with what was read on a master;
 * `clusterAddress` replaces a loopback host of the kubeconfig's server. The
 * registry validates the body and keeps the token sealed.
 */
export async function registerClusterVim(
  bus: ServiceRuntime['bus'],
  cluster: { vnfInstanceId: string; vimName?: string; builtWith: string },
  access: ClusterAccess,
  clusterAddress: string,
): Promise<ClusterVimOutput> {
  const authUrl = clusterAuthUrl(access.server, clusterAddress);
  const vimName = cluster.vimName ?? defaultVimName(cluster.vnfInstanceId);
  const vimId = randomUUID();
  const message: RegisterVimMessage = { vimId, body: kubernetesVimBody(vimName, authUrl, access, cluster) };
  await bus.request<VimReply>(VIM_REGISTRY_MESSAGES.registerVim, message, { key: vimId });
  return { vimId, vimName, authUrl };
}

/** Deletes the cluster's VIM; one already gone (a retried hook) is fine. */
export async function deregisterClusterVim(bus: ServiceRuntime['bus'], vimId: string): Promise<void> {
  const message: VimIdMessage = { vimId };
  try {
    await bus.request(VIM_REGISTRY_MESSAGES.deleteVim, message, { key: vimId });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'VIM_NOT_FOUND')) throw error;
  }
}
