import type { StepAction, StepResult } from '@vnfm/contracts';
import { SECRETS_PARAM } from '@vnfm/kubernetes-manifests';
import type { StepContext as HostStepContext, PackageCatalogClient } from '@vnfm/step-host';
import type { KubeApi } from '../kube/kube-api';
import type { HelmCli } from '../helm/helm-cli';

/**
 * Everything one step works with: the host's message, signal and opener of
 * sealed request secrets; the VIM credentials are inside `api` (its client
 * configuration) and nowhere else.
 */
export interface KubeStepContext extends Pick<HostStepContext, 'message' | 'signal' | 'openSecrets'> {
  vimConnectionId: string;
  api: KubeApi;
  /** The namespace of the instance's namespaced objects whose manifest names none (see namespaceOf). */
  namespace: string;
  /** Every namespaced object goes to `namespace`, whatever its manifest says (see movesEveryObject). */
  moveAll: boolean;
  packages: PackageCatalogClient;
  /** On a Helm VIM: the helm binary for this step and the instance's release (see helm.steps.ts). */
  helm?: { cli: HelmCli; release: string };
}

export type InfraAction = Exclude<StepAction, { action: 'hook' }>;

export type KubeStepHandler<A extends InfraAction['action']> = (
  context: KubeStepContext,
  action: Extract<InfraAction, { action: A }>,
) => Promise<StepResult>;

/**
 * The Secrets a deployment's additionalParams give (SECRETS_PARAM), opened
 * in memory for this step, which applies them: opened where the coordinator
 * sealed them (`/additionalParams/lcm-kubernetes-secrets`), and only them.
 */
export async function requestSecrets(context: KubeStepContext, additionalParams: Record<string, unknown> | undefined): Promise<unknown> {
  const sealed = additionalParams?.[SECRETS_PARAM];
  if (sealed === undefined) return undefined;
  return (await context.openSecrets({ [SECRETS_PARAM]: sealed }))[SECRETS_PARAM];
}
