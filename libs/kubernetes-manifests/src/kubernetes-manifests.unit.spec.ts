import { readdirSync, readFileSync } from 'node:fs';
import { corpusPath } from '@vnfm/vnf-package/testing';
import {
  applyWaves,
  DEF_FILES_ANNOTATION,
  defFilesOf,
  deleteWaves,
  instanceObject,
  vduObjects,
  requestObject,
  manifestObjects,
  manifestPathsOf,
  namespaceOf,
  movesEveryObject,
  vduWorkloads,
  VNF_INSTANCE_LABEL,
  type ManifestObject,
} from './index';

const ALL_KINDS = 'cnf-v2-all-kinds';
const read = (pkg: string, paths: string[]) =>
  Object.fromEntries(paths.map((path) => [path, readFileSync(corpusPath('tacker', pkg, path), 'utf8')]));
const objectsOf = (pkg: string, paths: string[]) => manifestObjects(paths, read(pkg, paths));
const allManifests = (pkg: string) =>
  readdirSync(corpusPath('tacker', pkg, 'Files', 'kubernetes'))
    .sort()
    .map((file) => `Files/kubernetes/${file}`);
const kinds = (items: ManifestObject[]) => items.map((item) => item.object.kind);

describe('manifest files of a CNF instantiation', () => {
  it('reads additionalParams.lcm-kubernetes-def-files in order, without duplicates', () => {
    expect(
      manifestPathsOf({
        'lcm-kubernetes-def-files': ['Files/kubernetes/deployment.yaml', './Files/kubernetes/pod.yaml', 'Files/kubernetes/deployment.yaml'],
      }),
    ).toEqual(['Files/kubernetes/deployment.yaml', 'Files/kubernetes/pod.yaml']);
  });

  it('refuses a request that names no manifests, or not as a list of paths (422)', () => {
    expect(() => manifestPathsOf({})).toThrow(expect.objectContaining({ status: 422, code: 'KUBERNETES_MANIFESTS_NOT_USABLE' }));
    expect(() => manifestPathsOf({ 'lcm-kubernetes-def-files': 'Files/kubernetes/pod.yaml' })).toThrow(/non-empty list/);
    expect(() => manifestPathsOf({ 'lcm-kubernetes-def-files': [] })).toThrow(/non-empty list/);
  });

  it('takes the namespace of the request, else of the VIM, else default', () => {
    expect(namespaceOf({ namespace: 'req' }, { namespace: 'vim' })).toBe('req');
    expect(namespaceOf({}, { namespace: 'vim' })).toBe('vim');
    expect(namespaceOf(undefined, undefined)).toBe('default');
    // Every object moved there when the request names it or the VIM is a tenant's; a whole-cluster VIM keeps the manifests' namespaces.
    expect(movesEveryObject({ namespace: 'req' }, { namespace: 'default' })).toBe(true);
    expect(movesEveryObject({}, { namespace: 'tenant' })).toBe(true);
    expect(movesEveryObject({ namespace: '' }, { namespace: 'default' })).toBe(false);
    expect(movesEveryObject(undefined, undefined)).toBe(false);
  });
});

describe('manifest objects of the corpus CNF packages', () => {
  it('reads every document of all 28 manifests of cnf-v2-all-kinds, multi-document files included', () => {
    const paths = allManifests(ALL_KINDS);
    expect(paths).toHaveLength(28);
    const objects = objectsOf(ALL_KINDS, paths);
    expect(objects.length).toBeGreaterThan(28);
    expect(
      objects
        .filter((item) => item.source.startsWith('Files/kubernetes/replicaset_service_secret.yaml'))
        .map((item) => [item.source, item.object.kind]),
    ).toEqual([
      ['Files/kubernetes/replicaset_service_secret.yaml#1', 'Service'],
      ['Files/kubernetes/replicaset_service_secret.yaml#2', 'Secret'],
      ['Files/kubernetes/replicaset_service_secret.yaml#3', 'ReplicaSet'],
    ]);
  });

  it('reads the free5gc manifests', () => {
    const objects = objectsOf('cnf-free5gc', allManifests('cnf-free5gc'));
    expect(kinds(objects)).toEqual(expect.arrayContaining(['ConfigMap', 'Deployment', 'Service', 'DaemonSet']));
  });

  it('reads the request-only kinds (reviews) with an empty name', () => {
    const [review] = objectsOf(ALL_KINDS, ['Files/kubernetes/local-subject-access-review.yaml']);
    expect(review.object).toMatchObject({ kind: 'LocalSubjectAccessReview', metadata: { name: '' } });
  });

  it('refuses a document without a kind, naming its file and position', () => {
    expect(() =>
      manifestObjects(['a.yaml'], {
        'a.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nmetadata: {}\n',
      }),
    ).toThrow('Manifest a.yaml#2 lacks apiVersion or kind, or its metadata is not an object.');
    expect(() => manifestObjects(['b.yaml'], {})).toThrow('The package has no manifest b.yaml.');
    expect(() => manifestObjects(['c.yaml'], { 'c.yaml': 'a: [' })).toThrow(/Manifest c.yaml#1 is not valid YAML/);
  });
});

describe('objects as an instance deploys them', () => {
  const [deployment] = objectsOf(ALL_KINDS, ['Files/kubernetes/deployment.yaml']);

  it('labels the object and its pod template with the instance id and moves it to the instance namespace', () => {
    const placed = instanceObject(deployment.object, 'vnf-1', { namespaced: true, namespace: 'tenant', moveAll: true });
    expect(placed.metadata).toMatchObject({ name: 'vdu2', namespace: 'tenant', labels: { [VNF_INSTANCE_LABEL]: 'vnf-1' } });
    expect(placed['spec']).toMatchObject({
      template: { metadata: { labels: { app: 'webserver', [VNF_INSTANCE_LABEL]: 'vnf-1' } } },
      selector: { matchLabels: { app: 'webserver' } },
    });
    expect(deployment.object.metadata.namespace).toBe('default');
  });

  it('keeps the namespace a manifest names unless the scope moves all, and rewrites nothing that refers to a namespace', () => {
    const scope = { namespaced: true, namespace: 'tenant', moveAll: false };
    expect(instanceObject(deployment.object, 'vnf-1', scope).metadata.namespace).toBe('default');
    const unplaced = { ...deployment.object, metadata: { ...deployment.object.metadata, namespace: undefined } };
    expect(instanceObject(unplaced, 'vnf-1', scope).metadata.namespace).toBe('tenant');
    const binding = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: 'manager' },
      subjects: [{ kind: 'ServiceAccount', name: 'manager', namespace: 'capi-system' }],
    };
    expect(instanceObject(binding, 'vnf-1', { ...scope, namespaced: false })['subjects']).toEqual(binding.subjects);
  });

  it("labels a StatefulSet's volume claim templates, so its PVCs are found at terminate", () => {
    const [statefulSet] = objectsOf(ALL_KINDS, ['Files/kubernetes/statefulset.yaml']);
    const placed = instanceObject(statefulSet.object, 'vnf-1', { namespaced: true, namespace: 'tenant', moveAll: true });
    const claims = (placed['spec'] as { volumeClaimTemplates: { metadata: { labels: Record<string, string> } }[] }).volumeClaimTemplates;
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims) expect(claim.metadata.labels[VNF_INSTANCE_LABEL]).toBe('vnf-1');
  });

  it('gives a cluster-scoped object no namespace, and leaves the template of a custom resource alone', () => {
    const cr = {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w', namespace: 'x' },
      spec: { template: { metadata: {}, spec: {} } },
    };
    const placed = instanceObject(cr, 'vnf-1', { namespaced: false, namespace: 'tenant', moveAll: true });
    expect(placed.metadata).toEqual({ name: 'w', labels: { [VNF_INSTANCE_LABEL]: 'vnf-1' } });
    expect(placed['spec']).toEqual({ template: { metadata: {}, spec: {} } });
  });

  it('records the manifest paths on the object only (not its pods), read back by defFilesOf; an object without them records none', () => {
    const paths = ['Files/kubernetes/deployment.yaml', 'Files/kubernetes/pod.yaml'];
    const placed = instanceObject(deployment.object, 'vnf-1', { namespaced: true, namespace: 'tenant', moveAll: true }, paths);
    expect(placed.metadata['annotations']).toEqual({ [DEF_FILES_ANNOTATION]: JSON.stringify(paths) });
    expect(defFilesOf(placed)).toEqual(paths);
    expect((placed['spec'] as { template: { metadata: Record<string, unknown> } }).template.metadata['annotations']).toBeUndefined();
    expect(defFilesOf(instanceObject(deployment.object, 'vnf-1', { namespaced: true, namespace: 'tenant', moveAll: true }))).toEqual([]);
    expect(defFilesOf({ ...placed, metadata: { ...placed.metadata, annotations: { [DEF_FILES_ANNOTATION]: 'not json' } } })).toEqual([]);
  });
});

describe('apply and delete order', () => {
  const crd = {
    object: { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' } },
    source: 'crd.yaml#1',
  };
  const cr = { object: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } }, source: 'cr.yaml#1' };

  it('applies CRDs, Namespaces, configuration and RBAC, Services, workloads, then custom resources', () => {
    const objects = [
      cr,
      ...objectsOf(ALL_KINDS, [
        'Files/kubernetes/deployment.yaml',
        'Files/kubernetes/replicaset_service_secret.yaml',
        'Files/kubernetes/namespace.yaml',
        'Files/kubernetes/role_rolebinding_SA.yaml',
      ]),
      crd,
    ];
    expect(applyWaves(objects).map(kinds)).toEqual([
      ['CustomResourceDefinition'],
      ['Namespace'],
      ['Secret', ...kinds(objectsOf(ALL_KINDS, ['Files/kubernetes/role_rolebinding_SA.yaml']))],
      ['Service'],
      ['Deployment', 'ReplicaSet'],
      ['Widget'],
    ]);
  });

  it('deletes in the reverse order: custom resources before their CRD, workloads before what they use', () => {
    const objects = [crd, ...objectsOf(ALL_KINDS, ['Files/kubernetes/replicaset_service_secret.yaml']), cr];
    expect(deleteWaves(objects).map(kinds)).toEqual([['Widget'], ['ReplicaSet'], ['Service'], ['Secret'], ['CustomResourceDefinition']]);
  });
});

describe('VDU to workload mapping', () => {
  const vdus = ['VDU1', 'VDU2', 'VDU3', 'VDU5', 'VDU6'].map((id) => ({ id, name: id.toLowerCase() }));

  it('maps each VDU of cnf-v2-all-kinds to the workload named by its properties.name, never to another kind of that name', () => {
    const objects = objectsOf(
      ALL_KINDS,
      allManifests(ALL_KINDS).filter((path) => !path.endsWith('deployment_fail_test.yaml')),
    );
    const mapped = vduWorkloads(vdus, objects, ['VDU1', 'VDU2']);
    expect([...mapped.entries()].map(([vduId, object]) => [vduId, object.kind, object.metadata.name])).toEqual([
      ['VDU1', 'Pod', 'vdu1'],
      ['VDU2', 'Deployment', 'vdu2'],
      ['VDU3', 'ReplicaSet', 'vdu3'],
      ['VDU5', 'StatefulSet', 'vdu5'],
      ['VDU6', 'DaemonSet', 'vdu6'],
    ]);
  });

  it('maps by node id when no workload has the properties.name, and refuses a required VDU without workload', () => {
    const objects = objectsOf(ALL_KINDS, ['Files/kubernetes/deployment.yaml']);
    expect(vduWorkloads([{ id: 'vdu2', name: 'other' }], objects).get('vdu2')?.kind).toBe('Deployment');
    expect(() => vduWorkloads(vdus, objects, ['VDU1'])).toThrow('No workload in Files/kubernetes/deployment.yaml is named after VDU VDU1');
  });

  it('maps a VDU to any object the caller accepts (a custom resource with a /scale subresource), a workload of its name first found', () => {
    const scaler = { apiVersion: 'example.com/v1', kind: 'Scaler', metadata: { name: 'vdu5' }, spec: { replicas: 1 } };
    const config = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'vdu6' } };
    const mapped = vduObjects(vdus, [scaler, config], (object) => object.kind === 'Scaler');
    expect([...mapped.entries()].map(([vduId, object]) => [vduId, object.kind])).toEqual([['VDU5', 'Scaler']]);
  });

  it("maps a Helm release's objects as Tacker does: named after the VDU and a suffix without a dash", () => {
    const deployment = (name: string) => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name } });
    const objects = [deployment('vdu1-vnf0a1b'), deployment('vdu10-vnf0a1b'), deployment('vdu2'), deployment('vdu2-x-vnf0a1b')];
    const mapped = vduObjects(
      [
        { id: 'VDU1', name: 'vdu1' },
        { id: 'VDU2', name: 'vdu2' },
        { id: 'VDU10', name: 'vdu10' },
      ],
      objects,
      () => true,
      true,
    );
    expect([...mapped.entries()].map(([vduId, object]) => [vduId, object.metadata.name])).toEqual([
      ['VDU1', 'vdu1-vnf0a1b'],
      ['VDU10', 'vdu10-vnf0a1b'],
    ]);
  });
});

describe('request-only objects', () => {
  it('are sent unlabelled, keeping the namespace they name (a review must name the one it asks about), else the instance namespace', () => {
    const [review] = objectsOf(ALL_KINDS, ['Files/kubernetes/local-subject-access-review.yaml']);
    expect(requestObject(review.object, { namespaced: true, namespace: 'tenant', moveAll: true }).metadata).toEqual({
      name: '',
      namespace: 'default',
    });
    expect(
      requestObject(
        { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'vdu1' } },
        { namespaced: true, namespace: 'tenant', moveAll: true },
      ).metadata,
    ).toEqual({ name: 'vdu1', namespace: 'tenant' });
    expect(
      applyWaves([
        { object: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'vdu1' } }, source: 'b' },
        ...objectsOf(ALL_KINDS, ['Files/kubernetes/pod.yaml']),
      ]).map(kinds),
    ).toEqual([['Pod'], ['Binding']]);
  });
});
