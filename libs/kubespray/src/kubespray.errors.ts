import { AppError } from '@vnfm/contracts';

/** `additionalParams.k8s_cluster_installation_param` is missing a member or holds a wrong one (the detail names it). */
export const invalidClusterParams = (detail: string) => new AppError('KUBESPRAY_PARAMS_INVALID', 422, 'Unprocessable Entity', detail);

/** The VNFCs do not make a cluster kubespray can build (no master, a VNFC without the named CP, ...). */
export const unusableClusterVnfcs = (detail: string) => new AppError('KUBESPRAY_VNFCS_NOT_USABLE', 422, 'Unprocessable Entity', detail);

/** An operation kubespray offers no playbook for (healing or scaling a control plane node). */
export const unsupportedClusterOperation = (detail: string) =>
  new AppError('KUBESPRAY_OPERATION_NOT_SUPPORTED', 422, 'Unprocessable Entity', detail);

/** A node's container runtime configuration the registry connections cannot be merged into faithfully (it is left as it is). */
export const registrySetupFailed = (detail: string) => new AppError('KUBESPRAY_REGISTRY_SETUP_FAILED', 502, 'Bad Gateway', detail);
