import { clusterErrors } from '@vnfm/vm-cluster';

/** The kubeadm MgmtDriver's refusals: `KUBEADM_PARAMS_INVALID`, `KUBEADM_VNFCS_NOT_USABLE`, `KUBEADM_OPERATION_NOT_SUPPORTED`. */
export const KUBEADM_ERRORS = clusterErrors('KUBEADM', 'kubeadm MgmtDriver');
