import { randomUUID } from 'node:crypto';
import { AppError } from '@vnfm/contracts';
import { clusterAuthUrl, cpAddress, defaultVimName, kubernetesVimBody, type ClusterNode, type ClusterParams } from '@vnfm/kubespray';
import type { ServiceRuntime } from '@vnfm/platform';
import { VIM_REGISTRY_MESSAGES, type RegisterVimMessage, type VimIdMessage, type VimReply } from '@vnfm/vim-domain';
import type { VnfcResourceInfo } from '@vnfm/contracts';
import type { RemoteSession } from '../../ssh/remote-shell';
import { readClusterAccess } from './cluster-access';

/** The driver's entry in `metadata.mgmtDriverOutputs`: the Kubernetes VIM of the cluster it built. */
export const OUTPUT_KEY = 'kubespray';

export interface ClusterVimOutput {
  vimId: string;
  vimName: string;
  authUrl: string;
}

/** The VIM an earlier hook registered, from the (opened) earlier outputs. */
export function registeredVim(earlierOutputs: Record<string, unknown> | undefined): ClusterVimOutput | undefined {
  const entry = earlierOutputs?.[OUTPUT_KEY] as Partial<ClusterVimOutput> | null | undefined;
  return entry && typeof entry.vimId === 'string' ? (entry as ClusterVimOutput) : undefined;
}

/**
 * Registers the cluster as a Kubernetes VIM in the VIM registry (Tacker's
 * driver registers it the same way), with the token and CA read on `master`.
 * The registry validates the body and keeps the token sealed.
 */
export async function registerClusterVim(
  bus: ServiceRuntime['bus'],
  ids: { vnfInstanceId: string },
  params: ClusterParams,
  master: { node: ClusterNode; vnfc: VnfcResourceInfo; session: RemoteSession },
): Promise<ClusterVimOutput> {
  const access = await readClusterAccess(master.session);
  const authUrl = clusterAuthUrl(access.server, cpAddress(master.vnfc, params.master.clusterCpName) ?? master.node.ip);
  const vimName = params.vimName ?? defaultVimName(ids.vnfInstanceId);
  const vimId = randomUUID();
  const message: RegisterVimMessage = { vimId, body: kubernetesVimBody(vimName, authUrl, access, ids.vnfInstanceId) };
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
