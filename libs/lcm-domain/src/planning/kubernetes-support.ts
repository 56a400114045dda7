import { AppError } from '@vnfm/contracts';
import { registryTypeOf, VIM_CONNECTION_TYPES } from '@vnfm/vim-domain';
import type { PlannedStep } from '../workflow/lcm-steps';
import { INFRA_DRIVERS } from './step-targets';

const KUBERNETES_DRIVER = INFRA_DRIVERS.kubernetes;

/**
 * What the Kubernetes infra driver does not do yet is refused before the
 * operation starts, before anything is made in the VIM and without an
 * occurrence (422 KUBERNETES_DRIVER_NOT_AVAILABLE, as the driver's own step
 * guard says): change_ext_conn on a Kubernetes VIM, and any infra step on a
 * Helm VIM (`ETSINFV.HELM.V_3`) when the product has no Helm binary
 * (`helm`: VNFM_HELM_BINARY). Operations with no infra step (MODIFY_INFO) are untouched.
 */
export function refuseUnbuiltKubernetesSteps(plan: readonly PlannedStep[], { helm }: { helm: boolean }): void {
  const reasons = plan
    .filter((step) => step.target === KUBERNETES_DRIVER && step.request.action !== 'hook')
    .flatMap((step) => {
      const refs = Object.values(step.vimConnectionInfo).filter((ref) => registryTypeOf(ref.vimType) === 'kubernetes');
      return [
        ...(step.request.action === 'change_ext_conn' ? ['changing the external connectivity of a CNF (change_ext_conn)'] : []),
        ...refs
          .filter((ref) => ref.vimType === VIM_CONNECTION_TYPES.helm && !helm)
          .map((ref) => `deploying Helm charts (${VIM_CONNECTION_TYPES.helm} VIM ${ref.vimId}) without a Helm binary (VNFM_HELM_BINARY)`),
      ];
    });
  if (reasons.length === 0) return;
  throw new AppError(
    'KUBERNETES_DRIVER_NOT_AVAILABLE',
    422,
    'Unprocessable Entity',
    `The Kubernetes infra driver does not support ${[...new Set(reasons)].join('; ')} yet, so the operation was not started and nothing was created in the VIM.`,
  );
}
