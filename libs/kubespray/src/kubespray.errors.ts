import { clusterErrors } from '@vnfm/vm-cluster';

/** The kubespray MgmtDriver's refusals: `KUBESPRAY_PARAMS_INVALID`, `KUBESPRAY_VNFCS_NOT_USABLE`, `KUBESPRAY_OPERATION_NOT_SUPPORTED`. */
export const KUBESPRAY_ERRORS = clusterErrors('KUBESPRAY', 'kubespray MgmtDriver');

/** The VNFCs do not make a cluster kubespray can build (no master, a VNFC without the named CP, ...). */
export const unusableClusterVnfcs = KUBESPRAY_ERRORS.unusableVnfcs;

/** An operation kubespray offers no playbook for (healing or scaling a control plane node). */
export const unsupportedClusterOperation = KUBESPRAY_ERRORS.unsupported;
