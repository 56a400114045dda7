import { testPort } from './support/lanes';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AppsV1Api, CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { corpusPath } from '@vnfm/vnf-package/testing';
import { instanceSelector } from '@vnfm/kubernetes-manifests';
import type { InstantiatedVnfInfo, VnfcResourceInfo } from '@vnfm/lcm-domain';
import { onboardZip, zipStagedPackage } from './support/corpus-packages';
import { infraUp } from './support/infra-script';
import { ensureK8s, K8S_UP_TIMEOUT_MS, readVimConfig } from './support/k8s';
import { gatewayHttp } from './support/lcm-http';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS, type TackerCli } from './support/tacker-cli';
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

jest.setTimeout(600_000);
const run = promisify(execFile);

/** cnf-v2-helm's VNFD id; release 2 gets another. */
const HELM_VNFD_ID = 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000';
const CHART = corpusPath('tacker', 'cnf-v2-helm', 'Files', 'kubernetes', 'test-chart');

// Needs `npm run build`, tools/k8s (started when down) and tools/helm (built when missing); installs the Tacker CLI when missing.
// Tacker's v2 Helm sample (cnf-v2-helm, test_helm.py's steps and counts) through the unmodified CLI on a Helm VIM.
describe('Helm CNFs (ETSINFV.HELM.V_3) with the unmodified Tacker CLI: cnf-v2-helm instantiated, scaled, healed, moved to chart 0.1.1 and terminated, the API server holding exactly the release', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-helm-e2e-'));
  const endpoint = `http://127.0.0.1:${testPort()}`;
  const token = 'helm-e2e-admin-token';
  const namespace = `vnfm-helm-${randomUUID().slice(0, 8)}`;
  const release2 = randomUUID();
  let helm = '';
  let kubeconfig = '';
  let product: ProductProcess | undefined;
  let cli: TackerCli;
  let core: CoreV1Api;
  let apps: AppsV1Api;
  let vimId: string;
  let vnfdId: string;

  /** The chart packed as `helm package` makes it (the corpus has its sources, not Tacker's archive), optionally as another release. */
  const packedChart = async (into: string, version: string, vdu2Image?: string) => {
    const source = join(dataDir, `chart-${version}`, 'test-chart');
    cpSync(CHART, source, { recursive: true });
    const chartYaml = join(source, 'Chart.yaml');
    writeFileSync(chartYaml, readFileSync(chartYaml, 'utf8').replace(/^version: .*$/m, `version: ${version}`));
    if (vdu2Image) {
      const vdu2 = join(source, 'templates', 'deployment_vdu2.yaml');
      writeFileSync(vdu2, readFileSync(vdu2, 'utf8').replace('image: nginx', `image: ${vdu2Image}`));
    }
    mkdirSync(join(into, 'Files', 'kubernetes'), { recursive: true });
    await run(helm, ['package', source, '--destination', join(into, 'Files', 'kubernetes')], { env: { ...process.env, HOME: dataDir } });
    return into;
  };

  beforeAll(async () => {
    const [cp, openstack, helmEnv] = await Promise.all([ensureK8s(), ensureTackerCli(), infraUp('tools/helm/helm.sh')]);
    helm = String(helmEnv['HELM_BINARY']);
    kubeconfig = cp.kubeconfig;
    const config = new KubeConfig();
    config.loadFromFile(cp.kubeconfig);
    core = config.makeApiClient(CoreV1Api);
    apps = config.makeApiClient(AppsV1Api);
    product = startProduct(process.execPath, [entryPoint('standalone')], {
      VNFM_PORT: new URL(endpoint).port,
      VNFM_DATA_DIR: join(dataDir, 'data'),
      VNFM_ADMIN_TOKEN: token,
      VNFM_LOG_LEVEL: 'warn',
      VNFM_HELM_BINARY: helm,
    });
    await waitForHttp(`${endpoint}/health`, 180_000);
    cli = tackerCli(openstack, endpoint, token);
    // Tacker's Helm VIM: a Kubernetes VIM file with `extra: {use_helm: true}` (corpus vim-configs/k8s-vim-helm.yaml).
    const vimFile = join(dataDir, 'vim-helm.yaml');
    writeFileSync(vimFile, JSON.stringify({ ...(await readVimConfig(cp.vimFile)), extra: { use_helm: true } }));
    vimId = (await cli.json<{ id: string }>(['vim', 'register', '--config-file', vimFile, `helm-${randomUUID().slice(0, 8)}`])).id;
    const http = gatewayHttp(endpoint, token);
    const stage = { stripHooks: true, tackerTypes: true, restampDigests: true };
    const v1 = await packedChart(join(dataDir, 'release-1'), '0.1.0');
    vnfdId = String(
      (await onboardZip(http, 'cnf-v2-helm', await zipStagedPackage(dataDir, 'cnf-v2-helm', { ...stage, extraFolders: [v1] }))).vnfdId,
    );
    // Release 2, as Tacker's test_helm_change_vnf_pkg sample: chart 0.1.1, VDU2's image nginx:alpine.
    const v2 = await packedChart(join(dataDir, 'release-2'), '0.1.1', 'nginx:alpine');
    mkdirSync(join(v2, 'TOSCA-Metadata'));
    const meta = readFileSync(corpusPath('tacker', 'cnf-v2-helm', 'TOSCA-Metadata', 'TOSCA.meta'), 'utf8');
    writeFileSync(join(v2, 'TOSCA-Metadata', 'TOSCA.meta'), meta.replace('test-chart-0.1.0.tgz', 'test-chart-0.1.1.tgz'));
    await onboardZip(
      http,
      'cnf-v2-helm release 2',
      await zipStagedPackage(dataDir, 'cnf-v2-helm', { ...stage, vnfdId: { from: HELM_VNFD_ID, to: release2 }, extraFolders: [v2] }),
    );
    await core.createNamespace({ body: { metadata: { name: namespace } } });
  }, K8S_UP_TIMEOUT_MS + TACKER_CLI_INSTALL_TIMEOUT_MS);
  afterAll(async () => {
    if (product) await killGroup(product, 'SIGKILL');
    await core?.deleteNamespace({ name: namespace }).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every operation COMPLETED; after each, the VNFCs are the release pods and the API server holds the release objects, each labelled', async () => {
    const lcm = new VnflcmCli(cli, API_V2);
    const write = (name: string, body: unknown) => {
      const path = join(dataDir, `${name}.json`);
      writeFileSync(path, JSON.stringify(body));
      return path;
    };
    const completes = (id: string, args: string[]) => lcm.complete(id, args);
    const id = String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', 'helm-cnf', vnfdId])).ID);
    const release = `vnf${id.replace(/-/g, '')}`;
    /** `vnflcm show`, held against the API server: the VNFCs are the release's running pods, per VDU. */
    const shown = async () => {
      const record = await lcm.json<CliRecord>(['vnflcm', 'show', id]);
      const vnfcs = (record['Instantiated Vnf Info'] as InstantiatedVnfInfo | undefined)?.vnfcResourceInfo ?? [];
      const pods = (await core.listNamespacedPod({ namespace, labelSelector: instanceSelector(id) })).items.filter(
        (pod) => !pod.metadata?.deletionTimestamp,
      );
      expect(vnfcs.map((vnfc: VnfcResourceInfo) => vnfc.computeResource.resourceId).sort()).toEqual(
        pods.map((pod) => String(pod.metadata?.name)).sort(),
      );
      const count = (vduId: string) => vnfcs.filter((vnfc) => vnfc.vduId === vduId).length;
      return { record, vnfcs, pods, counts: [count('VDU1'), count('VDU2')] };
    };
    /** The release's objects as Helm holds them, and what the API server labels with the instance: the same. */
    const releaseObjects = async () => {
      const { stdout } = await run(helm, ['get', 'manifest', release, '--namespace', namespace, '--kubeconfig', kubeconfig], {
        env: { ...process.env, HOME: dataDir },
      });
      const named = [...stdout.matchAll(/^kind: (\S+)\nmetadata:\n {2}name: (\S+)/gm)].map(([, kind, name]) => `${kind}/${name}`).sort();
      const labelled = [
        ...(await apps.listNamespacedDeployment({ namespace, labelSelector: instanceSelector(id) })).items.map(
          (o) => `Deployment/${o.metadata?.name}`,
        ),
        ...(await core.listNamespacedService({ namespace, labelSelector: instanceSelector(id) })).items.map(
          (o) => `Service/${o.metadata?.name}`,
        ),
        ...(await core.listNamespacedServiceAccount({ namespace, labelSelector: instanceSelector(id) })).items.map(
          (o) => `ServiceAccount/${o.metadata?.name}`,
        ),
      ].sort();
      expect(labelled).toEqual(named);
      return named;
    };

    const body = JSON.parse(readFileSync(corpusPath('tacker', 'request-bodies', 'helm-v2-instantiate.json'), 'utf8')) as {
      additionalParams: Record<string, unknown>;
    };
    await completes(id, [
      'vnflcm',
      'instantiate',
      id,
      write('instantiate', {
        ...body,
        vimConnectionInfo: { vim1: { vimId, vimType: 'ETSINFV.HELM.V_3' } },
        additionalParams: { ...body.additionalParams, namespace },
      }),
    ]);
    expect(await releaseObjects()).toEqual([
      `Deployment/vdu1-${release}`,
      `Deployment/vdu2-${release}`,
      `Service/${release}-test-chart`,
      `ServiceAccount/${release}-test-chart`,
    ]);
    expect((await core.readNamespacedService({ name: `${release}-test-chart`, namespace })).spec).toMatchObject({
      type: 'NodePort',
      ports: [expect.objectContaining({ port: 8081 })],
    });
    expect((await shown()).counts).toEqual([1, 1]);

    // test_helm.py: VDU2 scaled out two steps (3 pods), in one (2).
    await completes(id, ['vnflcm', 'scale', id, '--type', 'SCALE_OUT', '--aspect-id', 'vdu2_aspect', '--number-of-steps', '2']);
    expect((await shown()).counts).toEqual([1, 3]);
    await completes(id, ['vnflcm', 'scale', id, '--type', 'SCALE_IN', '--aspect-id', 'vdu2_aspect', '--number-of-steps', '1']);
    const scaledIn = await shown();
    expect(scaledIn.counts).toEqual([1, 2]);
    await releaseObjects();

    const victim = scaledIn.vnfcs.find((vnfc) => vnfc.vduId === 'VDU2') as VnfcResourceInfo;
    await completes(id, ['vnflcm', 'heal', id, '--vnfc-instance', victim.id]);
    const healed = await shown();
    expect([healed.counts, healed.vnfcs.some((vnfc) => vnfc.id === victim.id)]).toEqual([[1, 2], false]);

    await completes(id, [
      'vnflcm',
      'change-vnfpkg',
      id,
      write('change', {
        vnfdId: release2,
        additionalParams: {
          upgrade_type: 'RollingUpdate',
          helm_chart_path: 'Files/kubernetes/test-chart-0.1.1.tgz',
          vdu_params: [{ vdu_id: 'VDU2' }],
        },
      }),
    ]);
    const changed = await shown();
    expect([changed.record['VNFD ID'], changed.counts]).toEqual([release2, [1, 2]]);
    const vdu2Pods = changed.pods.filter((pod) => pod.metadata?.name?.startsWith(`vdu2-${release}`));
    expect(vdu2Pods.map((pod) => pod.spec?.containers[0].image)).toEqual(['nginx:alpine', 'nginx:alpine']);
    await releaseObjects();

    await completes(id, ['vnflcm', 'terminate', id]);
    expect(await apps.listNamespacedDeployment({ namespace, labelSelector: instanceSelector(id) })).toMatchObject({ items: [] });
    expect((await core.listNamespacedPod({ namespace, labelSelector: instanceSelector(id) })).items).toEqual([]);
    const status = await run(helm, ['status', release, '--namespace', namespace, '--kubeconfig', kubeconfig], {
      env: { ...process.env, HOME: dataDir },
    }).catch((error: { stderr?: string }) => ({ stdout: '', stderr: String(error.stderr) }));
    expect(status.stderr).toContain('release: not found');
    expect(await lcm.run(['vnflcm', 'delete', id])).toMatchObject({ code: 0 });
  });
});
