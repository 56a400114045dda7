import {
  ApisApi,
  KubernetesObjectApi,
  PatchStrategy,
  type KubeConfig,
  type KubernetesObject,
  type V1APIResource,
} from '@kubernetes/client-node';
import { AppError } from '@vnfm/contracts';
import { describeObject, groupOf, type KubeObject } from '@vnfm/kubernetes-manifests';
import { apiStatus, objectRefused, retryingQuotaConflicts } from './kube-errors';

/** How our server-side applies are recorded in each object's managedFields. */
const FIELD_MANAGER = 'vnfm-kubernetes-driver';

/** A kind as the API server serves it (API discovery). */
export interface ResourceType {
  apiVersion: string;
  kind: string;
  /** The resource's plural name in URLs, e.g. `deployments`. */
  plural: string;
  namespaced: boolean;
  verbs: string[];
}

/** KubernetesObjectApi with its discovery (cached per apiVersion) made usable. */
class DiscoveringObjectApi extends KubernetesObjectApi {
  async describe(apiVersion: string, kind: string): Promise<V1APIResource | undefined> {
    try {
      return await this.resource(apiVersion, kind);
    } catch (error) {
      if (apiStatus(error) === 404) return undefined;
      throw error;
    }
  }

  async resourcesOf(apiVersion: string): Promise<V1APIResource[]> {
    await this.describe(apiVersion, '');
    return this.apiVersionResourceCache[apiVersion]?.resources ?? [];
  }

  /**
   * Every object as plain JSON, never through the client's typed model of its
   * kind: that model sends only the fields it knows, under their JSON names,
   * so a CRD's `x-kubernetes-int-or-string` or `$ref` (and any field newer
   * than the client) would be dropped from what is applied.
   */
  protected override async getSerializationType(): Promise<string> {
    return 'KubernetesObject';
  }
}

const typeOf = (apiVersion: string, resource: V1APIResource): ResourceType => ({
  apiVersion,
  kind: resource.kind,
  plural: resource.name,
  namespaced: resource.namespaced,
  verbs: resource.verbs,
});

/**
 * One VIM's API server for one step: kinds found by API discovery (never a
 * list in our code), objects applied server-side under our field manager.
 */
export class KubeApi {
  private readonly objects: DiscoveringObjectApi;

  constructor(readonly config: KubeConfig) {
    this.objects = config.makeApiClient(DiscoveringObjectApi);
  }

  /** The kind of an object as served; refused (422) naming the object when the API server does not serve it. */
  async typeOf(object: KubeObject): Promise<ResourceType> {
    const resource = await this.objects.describe(object.apiVersion, object.kind);
    if (!resource)
      throw new AppError(
        'KUBERNETES_KIND_NOT_SERVED',
        422,
        'Unprocessable Entity',
        `The Kubernetes API server serves no kind ${object.kind} in ${object.apiVersion} (${describeObject(object)}).`,
      );
    return typeOf(object.apiVersion, resource);
  }

  /** Whether the kind has a `/scale` subresource (discovery lists `<plural>/scale`). */
  async hasScale(type: ResourceType): Promise<boolean> {
    return (await this.objects.resourcesOf(type.apiVersion)).some((resource) => resource.name === `${type.plural}/scale`);
  }

  /** The listable kinds served at one apiVersion (e.g. the other kinds of a custom resource's group). */
  async typesAt(apiVersion: string): Promise<ResourceType[]> {
    return (await this.objects.resourcesOf(apiVersion))
      .filter((resource) => !resource.name.includes('/') && resource.verbs.includes('list'))
      .map((resource) => typeOf(apiVersion, resource));
  }

  /** The listable kinds of these API groups, each at its preferred version (a group the server does not serve has none). */
  async typesInGroups(groups: readonly string[]): Promise<ResourceType[]> {
    const served = (await this.config.makeApiClient(ApisApi).getAPIVersions()).groups.filter((group) => groups.includes(group.name));
    const lists = await Promise.all(
      served.map((group) => this.typesAt(group.preferredVersion?.groupVersion ?? group.versions[0].groupVersion)),
    );
    return lists.flat();
  }

  /** Every listable, deletable kind the API server serves, at each group's preferred version. */
  async allTypes(): Promise<ResourceType[]> {
    const groups = await this.config.makeApiClient(ApisApi).getAPIVersions();
    const versions = ['v1', ...groups.groups.map((group) => group.preferredVersion?.groupVersion ?? group.versions[0].groupVersion)];
    const lists = await Promise.all(
      versions.map(async (apiVersion) => (await this.objects.resourcesOf(apiVersion)).map((resource) => typeOf(apiVersion, resource))),
    );
    return lists.flat().filter((type) => !type.plural.includes('/') && type.verbs.includes('list') && type.verbs.includes('delete'));
  }

  /** Server-side apply of our fields, taking over fields another manager holds (re-applying changes nothing). */
  async apply(object: KubeObject): Promise<KubeObject> {
    try {
      return (await retryingQuotaConflicts(() =>
        this.objects.patch(object as KubernetesObject, undefined, undefined, FIELD_MANAGER, true, PatchStrategy.ServerSideApply),
      )) as KubeObject;
    } catch (error) {
      throw objectRefused('apply', object, error);
    }
  }

  /** Sets these annotations on an existing object (a merge patch: nothing else changes); an object already gone is left alone. */
  async annotate(object: KubeObject, annotations: Record<string, string>): Promise<void> {
    const patch = {
      apiVersion: object.apiVersion,
      kind: object.kind,
      metadata: { name: object.metadata.name, namespace: object.metadata.namespace, annotations },
    };
    try {
      await this.objects.patch(patch as KubernetesObject, undefined, undefined, FIELD_MANAGER, undefined, PatchStrategy.MergePatch);
    } catch (error) {
      if (apiStatus(error) !== 404) throw objectRefused('annotate', object, error);
    }
  }

  /** A request-only object (a review): created, its answer not kept. */
  async create(object: KubeObject): Promise<void> {
    try {
      // A nameless object is sent without `metadata.name` (reviews must have none).
      const { name, ...metadata } = object.metadata;
      await retryingQuotaConflicts(() =>
        this.objects.create(
          { ...object, metadata: name ? object.metadata : metadata } as KubernetesObject,
          undefined,
          undefined,
          FIELD_MANAGER,
        ),
      );
    } catch (error) {
      throw objectRefused('create', object, error);
    }
  }

  /** The object as the API server holds it now; undefined when it does not exist. */
  async read(object: KubeObject): Promise<KubeObject | undefined> {
    try {
      return (await this.objects.read({
        apiVersion: object.apiVersion,
        kind: object.kind,
        metadata: { name: object.metadata.name, namespace: object.metadata.namespace },
      })) as KubeObject;
    } catch (error) {
      if (apiStatus(error) === 404) return undefined;
      throw objectRefused('read', object, error);
    }
  }

  /** Objects of a kind with the label selector, in a namespace or (cluster-scoped / all) everywhere. */
  async list(type: ResourceType, namespace: string | undefined, labelSelector: string): Promise<KubeObject[]> {
    return (await this.listAt(type, namespace, labelSelector)).items;
  }

  /** The same, with the list's resourceVersion (to watch from). */
  async listAt(
    type: ResourceType,
    namespace: string | undefined,
    labelSelector: string,
  ): Promise<{ items: KubeObject[]; resourceVersion?: string }> {
    const list = await this.objects.list(type.apiVersion, type.kind, namespace, undefined, undefined, undefined, undefined, labelSelector);
    return {
      items: list.items.map((item) => ({ ...item, apiVersion: type.apiVersion, kind: type.kind }) as KubeObject),
      resourceVersion: list.metadata?.resourceVersion,
    };
  }

  /**
   * Deletes with its dependents, by default in the foreground: the object
   * stays (finalizer `foregroundDeletion`) until the garbage collector has
   * deleted every dependent that blocks its owner's deletion (a Deployment's
   * ReplicaSets and their pods), so once it is gone they are gone too.
   * An object already gone is success.
   */
  async delete(object: KubeObject, propagation: 'Foreground' | 'Background' = 'Foreground'): Promise<void> {
    try {
      await this.objects.delete(object as KubernetesObject, undefined, undefined, undefined, undefined, propagation);
    } catch (error) {
      if (apiStatus(error) !== 404) throw objectRefused('delete', object, error);
    }
  }

  /** The URL path a watch of this kind uses (namespaced kinds in `namespace`). */
  static watchPath(type: ResourceType, namespace: string | undefined): string {
    const root = groupOf(type.apiVersion) === '' ? `/api/${type.apiVersion}` : `/apis/${type.apiVersion}`;
    return `${root}${type.namespaced && namespace ? `/namespaces/${namespace}` : ''}/${type.plural}`;
  }
}
