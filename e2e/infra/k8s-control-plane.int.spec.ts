import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  ApiException,
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubernetesObject,
  KubernetesObjectApi,
  V1CustomResourceDefinition,
  V1Deployment,
  VersionApi,
} from '@kubernetes/client-node';
import { ensureK8s, K8S_UP_TIMEOUT_MS, K8sControlPlane, kubeConfigFromVim, readVimFile, VimFile } from '../support/k8s';

// test-lane-group: capi-crds (the Cluster API CRDs are cluster-scoped: a file's terminate deletes another's)

// The control plane runs on a 2-core machine: be generous.
const TEST_TIMEOUT_MS = 120_000;
const WAIT_MS = 90_000;
const RUN_ID = `${Date.now().toString(36)}-${process.pid}`;

let cp: K8sControlPlane;
let adminVim: VimFile;
let tenantVim: VimFile;
const namespacesToDelete = new Set<string>();

beforeAll(async () => {
  cp = await ensureK8s();
  adminVim = await readVimFile(cp.vimFile);
  tenantVim = await readVimFile(cp.tenantVimFile);
}, K8S_UP_TIMEOUT_MS);

afterAll(async () => {
  if (!adminVim) return;
  const core = kubeConfigFromVim(adminVim).makeApiClient(CoreV1Api);
  await Promise.all([...namespacesToDelete].map((name) => core.deleteNamespace({ name }).catch(() => undefined)));
}, TEST_TIMEOUT_MS);

/** Polls `read` until `done` holds for its value; fails with the last value seen. */
async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await read();
      lastError = undefined;
      if (done(last)) return last;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    `timed out after ${timeoutMs} ms waiting for ${what}; last value: ${JSON.stringify(last)}` +
      (lastError ? `; last error: ${String(lastError)}` : ''),
  );
}

/** The HTTP status of a failed API call (fails the test when the call succeeded). */
async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiException) return error.code;
    throw error;
  }
  throw new Error('expected the API call to be refused, but it succeeded');
}

async function newNamespace(core: CoreV1Api, prefix: string): Promise<string> {
  const name = `${prefix}-${RUN_ID}`;
  await core.createNamespace({ body: { metadata: { name, labels: { 'vnfm.test/suite': 'k8s-control-plane' } } } });
  namespacesToDelete.add(name);
  // Pods are admitted only once the controller manager created the namespace's default service account.
  await waitFor(
    `service account default in ${name}`,
    () => core.readNamespacedServiceAccount({ name: 'default', namespace: name }),
    () => true,
  );
  return name;
}

describe('Kubernetes control plane for tests (tools/k8s)', () => {
  it(
    'writes Tacker-format VIM files whose CA verifies a real, recent API server',
    async () => {
      const raw = await readFile(cp.vimFile, 'utf8');
      expect(raw).toMatch(/^auth_url: "https:\/\/127\.0\.0\.1:\d+"$/m);
      expect(raw).toMatch(/^bearer_token: "[0-9a-f]{64}"$/m);
      // A literal multi-line PEM inside double quotes, as in Tacker's documentation.
      expect(raw).toMatch(/^ssl_ca_cert: "-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----"$/m);
      expect(raw).toMatch(/^project_name: "default"$/m);
      expect(raw).toMatch(/^type: "kubernetes"$/m);

      expect(adminVim).toMatchObject({ authUrl: cp.authUrl, bearerToken: cp.adminToken, projectName: 'default', type: 'kubernetes' });
      expect(tenantVim).toMatchObject({ authUrl: cp.authUrl, bearerToken: cp.tenantToken, projectName: cp.namespace, type: 'kubernetes' });
      expect(cp.namespace).toBe('vnf-tenant');
      expect(cp.adminToken).not.toBe(cp.tenantToken);

      const ca = new X509Certificate(adminVim.caPem);
      expect(ca.ca).toBe(true);
      expect(tenantVim.caPem).toBe(adminVim.caPem);
      expect(cp.caPem).toBe(adminVim.caPem);

      const version = await kubeConfigFromVim(adminVim).makeApiClient(VersionApi).getCode();
      expect(version.gitVersion).toMatch(/^v1\.(3[4-9]|[4-9]\d)\.\d+$/);

      const nodes = await kubeConfigFromVim(adminVim).makeApiClient(CoreV1Api).listNode({ labelSelector: 'type=kwok' });
      const ready = nodes.items.filter((node) => node.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));
      // Its own three nodes (kubespray tests in another lane may register more kwok nodes meanwhile).
      expect(ready.map((node) => node.metadata?.name)).toEqual(expect.arrayContaining(['kwok-node-0', 'kwok-node-1', 'kwok-node-2']));
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'runs a Deployment to Available on kwok nodes and scales it through the scale subresource',
    async () => {
      const kc = kubeConfigFromVim(adminVim);
      const core = kc.makeApiClient(CoreV1Api);
      const apps = kc.makeApiClient(AppsV1Api);
      const namespace = await newNamespace(core, 'k8s-int-deploy');
      const name = 'vnfc';
      const deployment: V1Deployment = {
        metadata: { name, namespace },
        spec: {
          replicas: 2,
          selector: { matchLabels: { app: name } },
          template: {
            metadata: { labels: { app: name } },
            spec: { containers: [{ name: 'vnfc', image: 'registry.invalid/vnfc:1.0.0', ports: [{ containerPort: 8080 }] }] },
          },
        },
      };
      await apps.createNamespacedDeployment({ namespace, body: deployment });

      const available = await waitFor(
        'deployment with 2 available replicas',
        () => apps.readNamespacedDeployment({ name, namespace }),
        (d) => d.status?.availableReplicas === 2 && !!d.status.conditions?.some((c) => c.type === 'Available' && c.status === 'True'),
      );
      expect(available.status?.readyReplicas).toBe(2);

      const pods = await core.listNamespacedPod({ namespace, labelSelector: `app=${name}` });
      expect(pods.items).toHaveLength(2);
      for (const pod of pods.items) {
        expect(pod.spec?.nodeName).toMatch(/^kwok-node-\d$/);
        expect(pod.status?.phase).toBe('Running');
        expect(pod.status?.podIP).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      }

      const scale = await apps.replaceNamespacedDeploymentScale({
        name,
        namespace,
        body: { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name, namespace }, spec: { replicas: 3 } },
      });
      expect(scale.spec?.replicas).toBe(3);

      const scaled = await waitFor(
        'deployment with 3 ready replicas',
        () => apps.readNamespacedDeployment({ name, namespace }),
        (d) => d.status?.readyReplicas === 3 && d.status.availableReplicas === 3 && d.status.updatedReplicas === 3,
      );
      expect(scaled.spec?.replicas).toBe(3);
      const readBack = await apps.readNamespacedDeploymentScale({ name, namespace });
      expect(readBack.spec?.replicas).toBe(3);
      expect(readBack.status?.replicas).toBe(3);
      expect(readBack.status?.selector).toBe(`app=${name}`);

      await apps.deleteNamespacedDeployment({ name, namespace });
      await waitFor(
        'pods of the deleted deployment to go',
        () => core.listNamespacedPod({ namespace, labelSelector: `app=${name}` }),
        (l) => l.items.length === 0,
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'serves a CRD with a scale subresource and scales a custom resource through it',
    async () => {
      const kc = kubeConfigFromVim(adminVim);
      const core = kc.makeApiClient(CoreV1Api);
      const objects = KubernetesObjectApi.makeApiClient(kc);
      const custom = kc.makeApiClient(CustomObjectsApi);
      const group = 'cluster.x-k8s.io';
      const version = 'v1beta1';
      const plural = 'machinedeployments';
      const crdName = `${plural}.${group}`;
      const crdRef = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: crdName } };
      const crd: V1CustomResourceDefinition = {
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: crdName },
        spec: {
          group,
          scope: 'Namespaced',
          names: {
            kind: 'MachineDeployment',
            listKind: 'MachineDeploymentList',
            plural,
            singular: 'machinedeployment',
            shortNames: ['md'],
          },
          versions: [
            {
              name: version,
              served: true,
              storage: true,
              subresources: {
                status: {},
                scale: {
                  specReplicasPath: '.spec.replicas',
                  statusReplicasPath: '.status.replicas',
                  labelSelectorPath: '.status.selector',
                },
              },
              schema: {
                openAPIV3Schema: {
                  type: 'object',
                  properties: {
                    spec: {
                      type: 'object',
                      required: ['clusterName'],
                      properties: {
                        clusterName: { type: 'string' },
                        replicas: { type: 'integer', format: 'int32', minimum: 0 },
                        template: { type: 'object', x_kubernetes_preserve_unknown_fields: true },
                      },
                    },
                    status: {
                      type: 'object',
                      properties: {
                        replicas: { type: 'integer', format: 'int32' },
                        readyReplicas: { type: 'integer', format: 'int32' },
                        selector: { type: 'string' },
                      },
                    },
                  },
                },
              },
            },
          ],
        },
      };

      // A leftover of an interrupted run would make create fail with 409.
      await objects.delete(crd).catch(() => undefined);
      await waitFor(
        'no leftover CRD',
        () => statusOf(objects.read(crdRef)),
        (code) => code === 404,
      );

      await objects.create(crd);
      await waitFor(
        'CRD Established',
        () => objects.read<V1CustomResourceDefinition>(crdRef),
        (c) => !!c.status?.conditions?.some((cond) => cond.type === 'Established' && cond.status === 'True'),
      );

      const namespace = await newNamespace(core, 'k8s-int-crd');
      const name = 'md-0';
      const mdRef = { apiVersion: `${group}/${version}`, kind: 'MachineDeployment', metadata: { name, namespace } };
      const md: KubernetesObject & { spec: { clusterName: string; replicas: number } } = {
        apiVersion: `${group}/${version}`,
        kind: 'MachineDeployment',
        metadata: { name, namespace },
        spec: { clusterName: 'workload-1', replicas: 1 },
      };
      // The generic client resolves the kind through discovery, which may lag the CRD briefly.
      await waitFor(
        'MachineDeployment created',
        () => objects.create(md),
        () => true,
      );

      const replaced = (await custom.replaceNamespacedCustomObjectScale({
        group,
        version,
        namespace,
        plural,
        name,
        body: { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name, namespace }, spec: { replicas: 3 } },
      })) as { kind: string; spec: { replicas: number } };
      expect(replaced.kind).toBe('Scale');
      expect(replaced.spec.replicas).toBe(3);

      let current = await objects.read<typeof md>(mdRef);
      expect(current.spec.replicas).toBe(3);
      expect(current.spec.clusterName).toBe('workload-1');

      // A JSON patch on the scale subresource, then a status written the way a controller would.
      await custom.patchNamespacedCustomObjectScale({
        group,
        version,
        namespace,
        plural,
        name,
        body: [{ op: 'replace', path: '/spec/replicas', value: 5 }],
      });
      await custom.patchNamespacedCustomObjectStatus({
        group,
        version,
        namespace,
        plural,
        name,
        body: [{ op: 'add', path: '/status', value: { replicas: 5, readyReplicas: 5, selector: 'cluster.x-k8s.io/deployment-name=md-0' } }],
      });
      const scale = (await custom.getNamespacedCustomObjectScale({ group, version, namespace, plural, name })) as {
        spec: { replicas: number };
        status: { replicas: number; selector: string };
      };
      expect(scale.spec.replicas).toBe(5);
      expect(scale.status).toEqual({ replicas: 5, selector: 'cluster.x-k8s.io/deployment-name=md-0' });
      current = await objects.read<typeof md>(mdRef);
      expect(current.spec.replicas).toBe(5);

      // The schema is enforced: a negative replica count is rejected.
      expect(
        await statusOf(
          custom.replaceNamespacedCustomObjectScale({
            group,
            version,
            namespace,
            plural,
            name,
            body: { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name, namespace }, spec: { replicas: -1 } },
          }),
        ),
      ).toBe(422);

      await objects.delete(md);
      await waitFor(
        'MachineDeployment deleted',
        () => statusOf(objects.read(mdRef)),
        (code) => code === 404,
      );
      await objects.delete(crd);
      await waitFor(
        'CRD deleted',
        () => statusOf(objects.read(crdRef)),
        (code) => code === 404,
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'rejects an unknown bearer token with 401',
    async () => {
      const wrong = kubeConfigFromVim(adminVim, { token: 'not-a-valid-token' }).makeApiClient(CoreV1Api);
      expect(await statusOf(wrong.listNamespace())).toBe(401);
      expect(await statusOf(wrong.listNamespacedPod({ namespace: cp.namespace }))).toBe(401);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'limits the tenant user to its namespace (403 outside, full access inside)',
    async () => {
      const kc = kubeConfigFromVim(tenantVim);
      const core = kc.makeApiClient(CoreV1Api);
      const apps = kc.makeApiClient(AppsV1Api);
      const namespace = tenantVim.projectName;

      expect(await statusOf(core.listNamespace())).toBe(403);
      expect(await statusOf(core.listNamespacedPod({ namespace: 'default' }))).toBe(403);
      expect(await statusOf(core.listNamespacedSecret({ namespace: 'kube-system' }))).toBe(403);
      expect(await statusOf(core.createNamespace({ body: { metadata: { name: `tenant-escape-${RUN_ID}` } } }))).toBe(403);
      expect(await statusOf(core.listNode())).toBe(403);

      const name = `tenant-cm-${RUN_ID}`;
      await core.createNamespacedConfigMap({ namespace, body: { metadata: { name }, data: { vnfd: 'sample' } } });
      const cm = await core.readNamespacedConfigMap({ name, namespace });
      expect(cm.data).toEqual({ vnfd: 'sample' });
      await core.deleteNamespacedConfigMap({ name, namespace });
      expect(await statusOf(core.readNamespacedConfigMap({ name, namespace }))).toBe(404);

      const deployments = await apps.listNamespacedDeployment({ namespace });
      expect(Array.isArray(deployments.items)).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'is refused by a client that does not trust the generated CA',
    async () => {
      const untrusting = kubeConfigFromVim(adminVim, { withCa: false }).makeApiClient(CoreV1Api);
      let failure: unknown;
      try {
        await untrusting.listNamespace();
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(ApiException);
      const { message, code } = failure as Error & { code?: string };
      expect(`${code ?? ''} ${message}`).toMatch(
        /UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT|unable to verify|self.signed certificate/i,
      );

      // The same client with the CA from the VIM file is accepted.
      const trusting = kubeConfigFromVim(adminVim).makeApiClient(CoreV1Api);
      const namespaces = await trusting.listNamespace();
      expect(namespaces.items.map((n) => n.metadata?.name)).toContain(cp.namespace);
    },
    TEST_TIMEOUT_MS,
  );
});
