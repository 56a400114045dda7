import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiException, CoreV1Api, KubernetesObjectApi, type KubernetesObject, type V1Deployment } from '@kubernetes/client-node';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../support/infra-script';
import { ensureK8s, K8S_UP_TIMEOUT_MS, kubeConfigFromVim, readVimFile } from '../support/k8s';

const MANIFESTS = join(REPO_ROOT, 'deploy', 'kubernetes');
const manifests = readdirSync(MANIFESTS)
  .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
  .flatMap((file) => parseAllDocuments(readFileSync(join(MANIFESTS, file), 'utf8')).map((doc) => doc.toJS() as KubernetesObject));
const deployments = manifests.filter((m): m is V1Deployment & KubernetesObject => m.kind === 'Deployment');

// The distributed-mode manifests, checked by a real kube-apiserver (server-side dry run).
describe('deploy/kubernetes manifests', () => {
  let objects: KubernetesObjectApi;
  let core: CoreV1Api;

  beforeAll(async () => {
    const kubeConfig = kubeConfigFromVim(await readVimFile((await ensureK8s()).vimFile));
    objects = KubernetesObjectApi.makeApiClient(kubeConfig);
    core = kubeConfig.makeApiClient(CoreV1Api);
    // Namespaced objects can only be dry-run in a namespace that exists.
    await core.createNamespace({ body: { metadata: { name: 'vnfm' } } }).catch((error: unknown) => {
      if (!(error instanceof ApiException && error.code === 409)) throw error;
    });
  }, K8S_UP_TIMEOUT_MS);

  afterAll(async () => {
    await core?.deleteNamespace({ name: 'vnfm' }).catch(() => undefined);
  });

  it('runs all seven services from one image, each pointing at its compiled entry point', () => {
    expect(deployments.map((d) => d.metadata?.name).sort()).toEqual([
      'gateway',
      'kubernetes-driver',
      'lcm-coordinator',
      'mgmt-driver-runner',
      'openstack-driver',
      'package-catalog',
      'vim-registry',
    ]);
    for (const deployment of deployments) {
      const [container] = deployment.spec?.template.spec?.containers ?? [];
      const entry = container.args?.[0] ?? '';
      expect(entry).toBe(`dist/services/${deployment.metadata?.name}/src/main.js`);
      expect(existsSync(join(REPO_ROOT, 'services', deployment.metadata?.name ?? '', 'src', 'main.ts'))).toBe(true);
      expect(container.resources?.requests).toBeDefined();
      expect(deployment.spec?.template.spec?.securityContext?.runAsNonRoot).toBe(true);
    }
  });

  it('runs two replicas of every service on PostgreSQL, each probed (its own readiness) and under a disruption budget, with no volume shared', () => {
    const config = manifests.find((m) => m.kind === 'ConfigMap') as KubernetesObject & { data: Record<string, string> };
    expect(config.data['VNFM_EVENT_STORE']).toBe('postgres');
    expect(manifests.filter((m) => m.kind === 'PersistentVolumeClaim')).toEqual([]);
    const budgets = manifests.filter((m) => m.kind === 'PodDisruptionBudget') as (KubernetesObject & { spec: { minAvailable: number } })[];
    for (const deployment of deployments) {
      const name = deployment.metadata?.name;
      const [container] = deployment.spec?.template.spec?.containers ?? [];
      expect([name, deployment.spec?.replicas]).toEqual([name, 2]);
      expect([name, container.livenessProbe?.httpGet?.path, container.readinessProbe?.httpGet?.path]).toEqual([
        name,
        '/health/live',
        '/health/ready',
      ]);
      // A backend replica answers its probes on its own port; a stopping gateway is not ready while it still serves.
      if (name !== 'gateway') expect(container.env).toContainEqual({ name: 'VNFM_HEALTH_PORT', value: '9891' });
      else expect(container.env).toContainEqual({ name: 'VNFM_DRAIN_DELAY_MS', value: '5000' });
      expect(budgets.find((budget) => budget.metadata?.name === name)?.spec.minAvailable).toBe(1);
    }
  });

  // The Namespace itself is created for real in beforeAll.
  const namespaced = manifests.filter((m) => m.kind !== 'Namespace');
  it.each(namespaced.map((m) => [`${m.kind}/${m.metadata?.name}`, m] as const))(
    'is accepted by the API server: %s',
    async (_, manifest) => {
      await expect(objects.create(manifest, undefined, 'All')).resolves.toMatchObject({ kind: manifest.kind });
    },
    60_000,
  );

  it('refuses a manifest the API server would reject, so the dry run really checks', async () => {
    const broken = { ...deployments[0], spec: { ...deployments[0].spec, replicas: -1 } } as KubernetesObject;
    await expect(objects.create(broken, undefined, 'All')).rejects.toMatchObject({ code: 422 });
  }, 60_000);
});
