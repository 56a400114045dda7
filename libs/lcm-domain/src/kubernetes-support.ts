import { AppError } from '@vnfm/contracts';
import { registryTypeOf, VIM_CONNECTION_TYPES } from '@vnfm/vim-domain';
import type { PlannedStep } from './lcm-steps';
import { INFRA_DRIVERS } from './step-targets';

const KUBERNETES_DRIVER = INFRA_DRIVERS.kubernetes;

/** The infra steps of a plan that the Kubernetes infra driver would run. */
const kubernetesSteps = (plan: readonly PlannedStep[]) => plan.filter((step) => step.target === KUBERNETES_DRIVER && step.request.action !== 'hook');

/** The Kubernetes VIMs (by vimId) the plan's infra steps use: the ones whose authentication the coordinator asks the registry about. */
export function kubernetesVimIdsOf(plan: readonly PlannedStep[]): string[] {
  const refs = kubernetesSteps(plan).flatMap((step) => Object.values(step.vimConnectionInfo));
  return [...new Set(refs.filter((ref) => registryTypeOf(ref.vimType) === 'kubernetes').map((ref) => ref.vimId))];
}

/**
 * What the Kubernetes infra driver does not do yet is refused before the
 * operation starts, before anything is made in the VIM and without an
 * occurrence (422 KUBERNETES_DRIVER_NOT_AVAILABLE, as the driver's own step
 * guard says): change_ext_conn on a Kubernetes VIM, any infra step on a Helm
 * VIM (`ETSINFV.HELM.V_3`), and any on a VIM that authenticates with OIDC
 * (`oidcVimIds`, from the registry). Operations with no infra step (MODIFY_INFO) are untouched.
 */
export function refuseUnbuiltKubernetesSteps(plan: readonly PlannedStep[], oidcVimIds: ReadonlySet<string>): void {
  const reasons = kubernetesSteps(plan).flatMap((step) => {
    const refs = Object.values(step.vimConnectionInfo).filter((ref) => registryTypeOf(ref.vimType) === 'kubernetes');
    return [
      ...(step.request.action === 'change_ext_conn' ? ['changing the external connectivity of a CNF (change_ext_conn)'] : []),
      ...refs.filter((ref) => ref.vimType === VIM_CONNECTION_TYPES.helm).map((ref) => `deploying Helm charts (${VIM_CONNECTION_TYPES.helm} VIM ${ref.vimId})`),
      ...refs.filter((ref) => oidcVimIds.has(ref.vimId)).map((ref) => `authenticating to a Kubernetes VIM with OIDC (VIM ${ref.vimId}; bearer token and basic are supported)`),
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
