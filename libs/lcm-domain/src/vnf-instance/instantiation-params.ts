import type { LcmOperationRequest } from '../sol003/lcm-requests.types';
import type { InstantiationParams, VnfInstance } from './vnf-instance.state';

/** What an INSTANTIATE request leaves on the instance (kept from its VnfLcmOperationStarted event). */
export function instantiationParamsFrom(operationParams: unknown): InstantiationParams | undefined {
  if (typeof operationParams !== 'object' || operationParams === null) return undefined;
  const { flavourId, instantiationLevelId, extVirtualLinks, additionalParams } = operationParams as Extract<
    LcmOperationRequest,
    { operation: 'INSTANTIATE' }
  >['params'];
  return {
    flavourId,
    ...(instantiationLevelId !== undefined && { instantiationLevelId }),
    ...(extVirtualLinks !== undefined && { extVirtualLinks }),
    ...(additionalParams !== undefined && { additionalParams }),
  };
}

/**
 * The instantiation request's flavourId, instantiationLevelId, extVirtualLinks
 * and additionalParams (secrets sealed), as given when the instance was last
 * instantiated; undefined before any instantiation and once an operation ends
 * with the instance not instantiated (a terminate, after its terminate_end hook;
 * an instantiation rolled back or failed).
 */
export const instantiationParamsOf = (instance: VnfInstance | undefined): InstantiationParams | undefined => instance?.instantiationParams;

/**
 * The additionalParams a later operation's hook gets: the instantiation's,
 * with the later request's top-level keys winning (a scale request giving
 * `k8s_cluster_installation_param` replaces that whole key, the others stay
 * as instantiated). Both are sealed under `/additionalParams`, so the merge opens as one.
 */
export function hookAdditionalParams(
  instance: VnfInstance | undefined,
  later: Record<string, unknown> | undefined,
): Record<string, unknown> {
  return { ...instantiationParamsOf(instance)?.additionalParams, ...later };
}
