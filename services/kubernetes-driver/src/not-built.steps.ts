import { AppError } from '@vnfm/contracts';

/** The actions of the Kubernetes infra driver not built yet fail their step with this before any work starts. */
const kubernetesDriverNotAvailable = (action: string) =>
  new AppError(
    'KUBERNETES_DRIVER_NOT_AVAILABLE',
    422,
    'Unprocessable Entity',
    `The Kubernetes infra driver does not support ${action} yet: only instantiate, scale, heal, terminate and change_vnfpkg run on a Kubernetes VIM.`,
  );

export const notBuilt = (action: string) => async (): Promise<never> => {
  throw kubernetesDriverNotAvailable(action);
};
