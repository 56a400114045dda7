import { AppError } from '@vnfm/contracts';
import { registryTypeOf, type VimConnectionInfo } from '@vnfm/vim-domain';

/**
 * The instance's Kubernetes VIM (the management cluster), its credentials opened: the first ETSINFV.KUBERNETES.V_1
 * connection, as the Kubernetes infra driver chooses it; `needs` says in the refusal what the driver reads there.
 */
export function managementVim(
  vims: Record<string, VimConnectionInfo>,
  vnfInstanceId: string,
  needs = "the cluster-credentials MgmtDriver reads the workload cluster's kubeconfig Secret from the management cluster the CNF runs on",
): VimConnectionInfo {
  const vim = Object.values(vims).find((info) => registryTypeOf(info.vimType) === 'kubernetes');
  if (!vim)
    throw new AppError('NO_KUBERNETES_VIM', 422, 'Unprocessable Entity', `VNF instance ${vnfInstanceId} has no Kubernetes VIM: ${needs}.`);
  return vim;
}
