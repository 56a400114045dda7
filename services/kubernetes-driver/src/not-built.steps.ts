import { AppError } from '@vnfm/contracts';
import type { StepHandlers } from '@vnfm/step-host';

/** Every infra action fails its step with this until the Kubernetes infra driver is built. */
export const kubernetesDriverNotAvailable = () =>
  new AppError('KUBERNETES_DRIVER_NOT_AVAILABLE', 422, 'Unprocessable Entity', 'The Kubernetes infra driver is not built yet: this VNF Manager cannot run LCM steps on a Kubernetes VIM.');

const notBuilt = async (): Promise<never> => {
  throw kubernetesDriverNotAvailable();
};

/** The kubernetes-driver's handlers: the step is accepted and fails with the reason, so the operation stops in FAILED_TEMP saying why. */
export const KUBERNETES_STEPS: StepHandlers = { instantiate: notBuilt, scale: notBuilt, heal: notBuilt, terminate: notBuilt, change_ext_conn: notBuilt };
