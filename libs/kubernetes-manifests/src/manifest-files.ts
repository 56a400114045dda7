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
 * The namespace of a CNF's namespaced objects: the request's
 * `additionalParams.namespace`, else the VIM connection's `extra.namespace`
 * (the VIM's `project_name` unless its `extra` names another), else `default`.
 */
export function namespaceOf(additionalParams: Record<string, unknown> | undefined, vimExtra: Record<string, unknown> | undefined): string {
  for (const candidate of [additionalParams?.['namespace'], vimExtra?.['namespace']]) {
    if (typeof candidate === 'string' && candidate.length > 0) return candidate;
  }
  return 'default';
}
