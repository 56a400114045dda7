import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig } from '@kubernetes/client-node';
import { GROUP, isNotFound, PLURALS, VERSION, type CapiKind, type Obj } from './capi-contract';

const MERGE = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

/** The Cluster API objects (namespaced, storage version) and the core API, as the reconcilers use them. */
export class CapiClient {
  readonly custom: CustomObjectsApi;
  readonly core: CoreV1Api;

  constructor(readonly config: KubeConfig) {
    this.custom = config.makeApiClient(CustomObjectsApi);
    this.core = config.makeApiClient(CoreV1Api);
  }

  private address(kind: CapiKind, namespace: string) {
    return { group: GROUP, version: VERSION, plural: PLURALS[kind], namespace };
  }

  /** The object now, undefined once it is gone. */
  async get(kind: CapiKind, namespace: string, name: string): Promise<Obj | undefined> {
    try {
      return (await this.custom.getNamespacedCustomObject({ ...this.address(kind, namespace), name })) as Obj;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** The objects of a kind; none when the kind is not served (its CRD already deleted while a Cluster still waits for its Machines). */
  async list(kind: CapiKind, namespace: string, labelSelector?: string): Promise<Obj[]> {
    try {
      return ((await this.custom.listNamespacedCustomObject({ ...this.address(kind, namespace), labelSelector })) as { items: Obj[] })
        .items;
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
  }

  /** The objects of a kind in every namespace; none when the kind is not served. */
  async listEverywhere(kind: CapiKind): Promise<Obj[]> {
    try {
      return ((await this.custom.listClusterCustomObject({ group: GROUP, version: VERSION, plural: PLURALS[kind] })) as { items: Obj[] })
        .items;
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
  }

  async create(kind: CapiKind, namespace: string, body: object): Promise<Obj> {
    return (await this.custom.createNamespacedCustomObject({ ...this.address(kind, namespace), body })) as Obj;
  }

  /** Sets the finalizers, failing (409) when the object changed since it was read: the reconcile runs again on that change. */
  async setFinalizers(kind: CapiKind, object: Obj, finalizers: string[]): Promise<void> {
    const body = { metadata: { finalizers, resourceVersion: (object.metadata as Record<string, unknown>)['resourceVersion'] } };
    try {
      await this.custom.patchNamespacedCustomObject(
        { ...this.address(kind, object.metadata.namespace), name: object.metadata.name, body },
        MERGE,
      );
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  /** Writes the status through the /status subresource, only when it differs from what the object reports. */
  async setStatus(kind: CapiKind, object: Obj, status: Record<string, unknown>): Promise<void> {
    const current = object.status ?? {};
    if (Object.entries(status).every(([key, value]) => JSON.stringify(current[key]) === JSON.stringify(value))) return;
    try {
      await this.custom.patchNamespacedCustomObjectStatus(
        { ...this.address(kind, object.metadata.namespace), name: object.metadata.name, body: { status } },
        MERGE,
      );
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async delete(kind: CapiKind, object: Obj): Promise<void> {
    try {
      await this.custom.deleteNamespacedCustomObject({
        ...this.address(kind, object.metadata.namespace),
        name: object.metadata.name,
        propagationPolicy: 'Background',
      });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
}
