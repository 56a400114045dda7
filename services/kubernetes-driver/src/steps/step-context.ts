import type { RunStepMessage, StepAction, StepResult } from '@vnfm/contracts';
import type { PackageCatalogClient } from '@vnfm/step-host';
import type { KubeApi } from '../kube/kube-api';

/** Everything one step works with; the VIM credentials are inside `api` (its client configuration) and nowhere else. */
export interface KubeStepContext {
  message: RunStepMessage;
  vimConnectionId: string;
  api: KubeApi;
  /** The namespace of the instance's namespaced objects (see namespaceOf). */
  namespace: string;
  packages: PackageCatalogClient;
  signal: AbortSignal;
}

export type InfraAction = Exclude<StepAction, { action: 'hook' }>;

export type KubeStepHandler<A extends InfraAction['action']> = (
  context: KubeStepContext,
  action: Extract<InfraAction, { action: A }>,
) => Promise<StepResult>;
