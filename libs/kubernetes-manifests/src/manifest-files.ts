import { unusableManifests } from './manifest.errors';

/**
 * The manifests a CNF instantiation deploys: `additionalParams.lcm-kubernetes-def-files`,
 * package paths in the order given (Tacker v1 and v2 alike read this key;
 * the VNFD itself does not name them).
 */
const DEF_FILES_PARAM = 'lcm-kubernetes-def-files';

export function manifestPathsOf(additionalParams: Record<string, unknown> | undefined): string[] {
  const paths = additionalParams?.[DEF_FILES_PARAM];
  if (paths === undefined)
    throw unusableManifests(
      `A Kubernetes instantiation needs additionalParams.${DEF_FILES_PARAM}: the package paths of the manifests to deploy.`,
    );
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every((path): path is string => typeof path === 'string' && path.length > 0)) {
    throw unusableManifests(`additionalParams.${DEF_FILES_PARAM} must be a non-empty list of package paths.`);
  }
  return [...new Set(paths.map((path) => path.replace(/^\.?\//, '')))];
}

/**
 * The namespace of a CNF's namespaced objects whose manifest names none (all
 * of them when movesEveryObject says so): the request's
 * `additionalParams.namespace`, else the VIM connection's `extra.namespace`
 * (the VIM's `project_name` unless its `extra` names another), else `default`.
 */
export function namespaceOf(additionalParams: Record<string, unknown> | undefined, vimExtra: Record<string, unknown> | undefined): string {
  for (const candidate of [additionalParams?.['namespace'], vimExtra?.['namespace']]) {
    if (typeof candidate === 'string' && candidate.length > 0) return candidate;
  }
  return 'default';
}

/**
 * Whether every namespaced object goes to namespaceOf's namespace, whatever
 * namespace its manifest names: when the request names one (as Tacker places
 * them), or when the VIM is registered for a namespace other than `default`
 * (a tenant's VIM, confined to it, deploying a package written for `default`).
 * Otherwise (a VIM for the whole cluster) a manifest's own namespace is kept,
 * so a package spread over several namespaces (a provider's components) stays whole.
 */
export const movesEveryObject = (
  additionalParams: Record<string, unknown> | undefined,
  vimExtra: Record<string, unknown> | undefined,
): boolean =>
  (typeof additionalParams?.['namespace'] === 'string' && additionalParams['namespace'].length > 0) ||
  namespaceOf(undefined, vimExtra) !== 'default';
