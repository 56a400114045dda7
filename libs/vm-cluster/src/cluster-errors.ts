import { AppError } from '@vnfm/contracts';

/**
 * The refusals and failures of a MgmtDriver that builds a Kubernetes cluster
 * on the VNF's VMs, each with the driver's own code (`<PREFIX>_PARAMS_INVALID`,
 * ...), so the shared readers and node steps below fail in the name of the
 * driver that called them.
 */
export interface ClusterErrors {
  /** How the refusals name the driver, e.g. "kubespray MgmtDriver". */
  driver: string;
  /** `additionalParams.k8s_cluster_installation_param` is missing a member or holds a wrong one (the detail names it). */
  invalidParams(detail: string): AppError;
  /** The VNFCs do not make a cluster the driver can build (no master, a VNFC without the named CP, ...). */
  unusableVnfcs(detail: string): AppError;
  /** An operation the driver does not support (the detail says why and what to do instead). */
  unsupported(detail: string): AppError;
  /** A node's container runtime configuration the registry connections cannot be merged into faithfully (it is left as it is): 502. */
  registrySetupFailed(detail: string): AppError;
}

/**
 * The refusals of the driver `driver`, with codes `<prefix>_PARAMS_INVALID`,
 * `<prefix>_VNFCS_NOT_USABLE`, `<prefix>_OPERATION_NOT_SUPPORTED` (422), and
 * its registry setup failure `<prefix>_REGISTRY_SETUP_FAILED` (502).
 */
export function clusterErrors(prefix: string, driver: string): ClusterErrors {
  const refusal = (code: string) => (detail: string) => new AppError(`${prefix}_${code}`, 422, 'Unprocessable Entity', detail);
  return {
    driver,
    invalidParams: refusal('PARAMS_INVALID'),
    unusableVnfcs: refusal('VNFCS_NOT_USABLE'),
    unsupported: refusal('OPERATION_NOT_SUPPORTED'),
    registrySetupFailed: (detail) => new AppError(`${prefix}_REGISTRY_SETUP_FAILED`, 502, 'Bad Gateway', detail),
  };
}
