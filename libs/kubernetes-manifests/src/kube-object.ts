/** A Kubernetes object as a manifest holds it: apiVersion, kind, metadata and whatever its kind defines. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  /** `''` for a request-only object (a review), which has no name and is created, not applied. */
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
}

/** An object read from the package, with where it came from (for messages naming it). */
export interface ManifestObject {
  object: KubeObject;
  /** `Files/kubernetes/deployment.yaml#2`: the file and the document's 1-based position in it. */
  source: string;
}

/** `group` of `apiVersion` (`''` for the core group `v1`). */
export const groupOf = (apiVersion: string): string => (apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.lastIndexOf('/')) : '');

/** `Deployment apps/v1 default/vdu2`, how messages name an object. */
export const describeObject = (object: KubeObject): string =>
  `${object.kind} ${object.apiVersion} ${object.metadata.namespace ? `${object.metadata.namespace}/` : ''}${object.metadata.name}`;
