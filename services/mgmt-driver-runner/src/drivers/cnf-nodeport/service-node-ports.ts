import { ApiException, CoreV1Api } from '@kubernetes/client-node';
import { AppError } from '@vnfm/contracts';
import { kubeConfigOf } from '@vnfm/kube-client';
import type { NodePortService } from '@vnfm/kubespray';
import type { OutboundPolicy } from '@vnfm/util';
import type { VimConnectionInfo } from '@vnfm/vim-domain';
import { apiReason } from '../cluster-credentials/kubeconfig-secret';

/** Each Service with the NodePorts the cluster gave its ports (fixed by the manifest or allocated by the API server). */
export type NodePortReader = (
  vim: VimConnectionInfo,
  services: readonly NodePortService[],
) => Promise<(NodePortService & { nodePorts: number[] })[]>;

/**
 * The NodePorts of the CNF's Services, read from the cluster with the
 * instance's VIM credentials: what Tacker's driver takes from the manifest
 * when every port fixes one and asks `kubectl describe svc` for otherwise.
 */
export const serviceNodePorts =
  (vimPolicy: OutboundPolicy): NodePortReader =>
  async (vim, services) => {
    const api = (await kubeConfigOf(vim, vimPolicy)).makeApiClient(CoreV1Api);
    const read = [];
    for (const service of services) {
      const found = await api.readNamespacedService({ name: service.name, namespace: service.namespace }).catch((error: unknown) => {
        throw new AppError(
          'CNF_NODEPORT_SERVICE_UNREADABLE',
          502,
          'Bad Gateway',
          `Service ${service.namespace}/${service.name} of the CNF could not be read from its Kubernetes VIM${error instanceof ApiException ? ` (HTTP ${error.code})` : ''}: ${apiReason(error)}.`,
        );
      });
      const nodePorts = (found.spec?.ports ?? []).flatMap((port) => (typeof port.nodePort === 'number' ? [port.nodePort] : []));
      if (found.spec?.type !== 'NodePort' || nodePorts.length === 0)
        throw new AppError(
          'CNF_NODEPORT_SERVICE_UNREADABLE',
          502,
          'Bad Gateway',
          `Service ${service.namespace}/${service.name} of the CNF is of type ${found.spec?.type ?? 'unset'} with no NodePort on the cluster.`,
        );
      read.push({ ...service, nodePorts });
    }
    return read;
  };
