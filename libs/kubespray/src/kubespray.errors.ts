import { clusterErrors } from '@vnfm/vm-cluster';

/** The kubespray MgmtDriver's refusals: `KUBESPRAY_PARAMS_INVALID`, `KUBESPRAY_VNFCS_NOT_USABLE`, `KUBESPRAY_OPERATION_NOT_SUPPORTED`. */
export const KUBESPRAY_ERRORS = clusterErrors('KUBESPRAY', 'kubespray MgmtDriver');

/** `additionalParams.k8s_cluster_installation_param` is missing a member or holds a wrong one (the detail names it). */
export const invalidClusterParams = KUBESPRAY_ERRORS.invalidParams;

/** The VNFCs do not make a cluster kubespray can build (no master, a VNFC without the named CP, ...). */
export const unusableClusterVnfcs = KUBESPRAY_ERRORS.unusableVnfcs;

/** An operation kubespray offers no playbook for (healing or scaling a control plane node). */
export const unsupportedClusterOperation = KUBESPRAY_ERRORS.unsupported;
