import { testPort } from './support/lanes';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { AppsV1Api, KubeConfig } from '@kubernetes/client-node';
import { parse } from 'yaml';
import type { InstantiatedVnfInfo, VnfcResourceInfo, VnfInstanceView } from '@vnfm/lcm-domain';
import { corpusPath } from '@vnfm/vnf-package/testing';
import { CnfClusterView, vduCounts } from './support/cnf-cluster-view';
import { onboardZip, zipStagedPackage } from './support/corpus-packages';
import { REPO_ROOT } from './support/infra-script';
import { ensureK8s, K8S_UP_TIMEOUT_MS, type K8sControlPlane } from './support/k8s';
import { cliClient, httpClient, type LcmTask } from './support/lcm-client';
import { gatewayHttp, getJson } from './support/lcm-http';
import { tackerRequestBody } from './support/lcm-requests';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS, type TackerCli } from './support/tacker-cli';
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

// test-lane-group: k8s-cluster-scoped (cnf-v2-all-kinds' cluster-scoped objects and the widgets CRD have fixed names)

jest.setTimeout(600_000);

type Json = Record<string, unknown>;

/** One corpus CNF package through one API version: its instantiate body, what each step must leave, its variant for change_vnfpkg. */
interface CnfCase {
  pkg: 'cnf-v2-all-kinds' | 'cnf-free5gc';
  api: 'v1' | 'v2';
  /** Who drives it: the unmodified Tacker CLI or plain HTTP with the same bodies (each package and API version meets the CLI once). */
  client: 'CLI' | 'HTTP';
  /** The corpus instantiate body (v2 form: vimConnectionInfo a map), before its VIM is pointed at the test cluster. */
  instantiate: () => Json;
  /** VNFC count per VDU after instantiate; VDUs whose count follows the nodes (DaemonSets) are left out. */
  counts: Record<string, number>;
  /** Each aspect scaled out by `steps`, then in by as many: the VDU it scales. */
  aspects: { aspectId: string; vduId: string; steps: number }[];
  /** VDU healed one VNFC of. */
  healVdu: string;
  /** change_vnfpkg (v2 only): the manifest whose image tag the variant changes, the Deployment and VDU it rolls. */
  change?: { file: string; from: string; to: string; deployment: string; vduId: string };
}

/** The vnfdId each sample's VNFD carries (a VNFM holds one package per vnfdId: the staged copies get their own). */
const SAMPLE_VNFD_IDS = {
  'cnf-v2-all-kinds': 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000',
  'cnf-free5gc': 'a8bb9888-7c63-4293-a95e-2ef102ae1d3a',
} as const;
const free5gcBody = () => parse(readFileSync(corpusPath('tacker', 'cnf-free5gc', 'inst_param.yaml'), 'utf8')) as Json;
const CASES: CnfCase[] = [
  {
    pkg: 'cnf-v2-all-kinds',
    api: 'v2',
    client: 'CLI',
    instantiate: () => tackerRequestBody('k8s-v2-instantiate-max.json'),
    counts: { VDU1: 1, VDU2: 2, VDU3: 1, VDU5: 1 },
    // k8s-v2-scale-out.json scales vdu3_aspect by 2 steps; the other aspects by one.
    aspects: [
      { aspectId: 'vdu2_aspect', vduId: 'VDU2', steps: 1 },
      { aspectId: 'vdu3_aspect', vduId: 'VDU3', steps: Number(tackerRequestBody('k8s-v2-scale-out.json').numberOfSteps) },
      { aspectId: 'vdu5_aspect', vduId: 'VDU5', steps: 1 },
    ],
    healVdu: 'VDU2',
    change: { file: 'Files/kubernetes/deployment.yaml', from: 'image: nginx', to: 'image: nginx:1.27', deployment: 'vdu2', vduId: 'VDU2' },
  },
  {
    pkg: 'cnf-free5gc',
    api: 'v2',
    client: 'HTTP',
    instantiate: free5gcBody,
    counts: { VDU2: 1, VDU3: 1, VDU4: 1, VDU5: 1, VDU6: 1, VDU7: 1, VDU8: 1, VDU9: 1, VDU10: 1, VDU11: 1, VDU12: 1 },
    aspects: [{ aspectId: 'upf_aspect', vduId: 'VDU5', steps: 1 }],
    healVdu: 'VDU5',
    change: {
      file: 'Files/kubernetes/free5gc-upf.yaml',
      from: 'image: eno/free5gc',
      to: 'image: eno/free5gc:v3.0.5',
      deployment: 'free5gc-upf-deployment',
      vduId: 'VDU5',
    },
  },
  {
    pkg: 'cnf-free5gc',
    api: 'v1',
    client: 'CLI',
    instantiate: free5gcBody,
    counts: { VDU5: 1, VDU12: 1 },
    aspects: [{ aspectId: 'upf_aspect', vduId: 'VDU5', steps: 1 }],
    healVdu: 'VDU12',
  },
];

/**
 * The corpus body's VIM connections pointed at the test cluster's registered
 * VIM: its vimId, and no endpoint or credentials inline (this VNFM takes them
 * only from its VIM registry and refuses a body carrying them). Nothing else changes.
 */
function withTestVim(body: Json, api: 'v1' | 'v2', vimId: string): Json {
  const connections: Json[] = Array.isArray(body.vimConnectionInfo)
    ? (body.vimConnectionInfo as Json[])
    : Object.entries((body.vimConnectionInfo ?? {}) as Record<string, Json>).map(([id, info]) => ({ id, ...info }));
  const pointed: Json[] = connections.map(({ interfaceInfo: _endpoint, accessInfo: _credentials, ...info }) => ({ ...info, vimId }));
  if (api === 'v1') return { ...body, vimConnectionInfo: pointed.map((info) => ({ ...info, vimType: 'kubernetes' })) };
  return {
    ...body,
    vimConnectionInfo: Object.fromEntries(pointed.map(({ id, ...info }) => [String(id), { ...info, vimType: 'ETSINFV.KUBERNETES.V_1' }])),
  };
}

// Needs `npm run build` and tools/k8s (started when down); installs the Tacker CLI when missing.
describe('corpus CNF packages through the whole lifecycle with the unmodified Tacker CLI, against a real Kubernetes API server (kwok nodes)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-corpus-cnf-'));
  const endpoint = `http://127.0.0.1:${testPort()}`;
  const token = 'corpus-cnf-e2e-admin-token';
  const vnfdIds = new Map<string, string>();
  let product: ProductProcess | undefined;
  let cli: TackerCli;
  let cp: K8sControlPlane;
  let cluster: CnfClusterView;
  let apps: AppsV1Api;
  let vimId: string;

  beforeAll(async () => {
    const [k8s, openstack] = await Promise.all([ensureK8s(), ensureTackerCli()]);
    cp = k8s;
    cluster = new CnfClusterView(cp.kubeconfig);
    const config = new KubeConfig();
    config.loadFromFile(cp.kubeconfig);
    apps = config.makeApiClient(AppsV1Api);
    product = startProduct(process.execPath, [entryPoint('standalone')], {
      VNFM_PORT: new URL(endpoint).port,
      VNFM_DATA_DIR: join(dataDir, 'data'),
      VNFM_ADMIN_TOKEN: token,
      VNFM_LOG_LEVEL: 'warn',
    });
    await waitForHttp(`${endpoint}/health`, 180_000);
    cli = tackerCli(openstack, endpoint, token);
    vimId = (await cli.json<{ id: string }>(['vim', 'register', '--config-file', cp.vimFile, `k8s-corpus-${randomUUID().slice(0, 8)}`])).id;
    const http = gatewayHttp(endpoint, token);
    const asTacker = join(dataDir, 'all-kinds-as-tacker.zip');
    execFileSync('bash', [join(REPO_ROOT, 'tools/zip-package.sh'), 'cnf-v2-all-kinds', asTacker]);
    vnfdIds.set(
      'as Tacker zips it',
      String((await onboardZip(http, 'cnf-v2-all-kinds (tools/zip-package.sh)', readFileSync(asTacker))).vnfdId),
    );
    for (const pkg of ['cnf-v2-all-kinds', 'cnf-free5gc'] as const) {
      // Their Vnflcm hooks name Tacker's Python MgmtDrivers (see the refusal test below): staged without them, TOSCA.meta digests re-stamped
      // (cnf-free5gc's are stale upstream).
      const vnfdId = randomUUID();
      await onboardZip(
        http,
        pkg,
        await zipStagedPackage(dataDir, pkg, { stripHooks: true, vnfdId: { from: SAMPLE_VNFD_IDS[pkg], to: vnfdId } }),
      );
      vnfdIds.set(pkg, vnfdId);
      const change = CASES.find((c) => c.pkg === pkg && c.change)?.change;
      if (!change) continue;
      // The variant: the same package under another vnfdId with one image tag changed.
      const variantDir = join(dataDir, `${pkg}-variant`);
      const file = join(variantDir, change.file);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, readFileSync(corpusPath('tacker', pkg, change.file), 'utf8').replace(change.from, change.to));
      const variantId = randomUUID();
      await onboardZip(
        http,
        `${pkg} variant`,
        await zipStagedPackage(dataDir, pkg, {
          stripHooks: true,
          vnfdId: { from: SAMPLE_VNFD_IDS[pkg], to: variantId },
          extraFolders: [variantDir],
        }),
      );
      vnfdIds.set(`${pkg} variant`, variantId);
    }
  }, K8S_UP_TIMEOUT_MS + TACKER_CLI_INSTALL_TIMEOUT_MS);
  const instances: string[] = [];
  afterAll(async () => {
    if (product) await killGroup(product, 'SIGKILL');
    for (const id of instances) await cluster?.remove(id);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('cnf-v2-all-kinds zipped as Tacker zips it (tools/zip-package.sh) onboards; its instantiate is refused at the POST with 422 naming the Python MgmtDriver hook, no occurrence started', async () => {
    const lcm = new VnflcmCli(cli, API_V2);
    const id = String((await lcm.json<CliRecord>(['vnflcm', 'create', vnfdIds.get('as Tacker zips it') as string])).ID);
    const body = withTestVim(tackerRequestBody('k8s-v2-instantiate-max.json'), 'v2', vimId);
    const response = await gatewayHttp(endpoint, token)(`/vnflcm/v2/vnf_instances/${id}/instantiate`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect([response.status, response.headers.get('content-type')]).toEqual([422, expect.stringContaining('application/problem+json')]);
    expect(await response.json()).toMatchObject({
      status: 422,
      detail: expect.stringMatching(/instantiate_start → sample-script .*Scripts\/sample_script\.py/),
    });
    expect([await lcm.opIds(id), await cluster.labelled(id)]).toEqual([[], []]);
    expect(await lcm.run(['vnflcm', 'delete', id])).toMatchObject({ code: 0 });
  });

  describe.each(CASES.map((c) => [c.pkg, c.api, c] as const))('%s, API %s', (pkg, api, c) => {
    it('create → instantiate (corpus body) → scale out and in each aspect → heal one VNFC → heal all → change-vnfpkg (v2) → terminate → delete: every step COMPLETED, the API server holding exactly the VNFCs shown', async () => {
      const started = Date.now();
      const apiMajor = api === 'v2' ? 2 : 1;
      const viaCli = c.client === 'CLI' ? cliClient(cli, apiMajor, dataDir) : undefined;
      const client = viaCli ?? httpClient(gatewayHttp(endpoint, token), apiMajor);
      const id = await client.create(`${pkg}-${api}`, vnfdIds.get(pkg) as string);
      instances.push(id);
      const completes = (task: LcmTask) => client.complete(id, task);
      /** The instance as the API shows it, held against the API server. */
      const read = async () => {
        const instance = await getJson<VnfInstanceView>(gatewayHttp(endpoint, token), `/vnflcm/${api}/vnf_instances/${id}`);
        const vnfcs = instance.instantiatedVnfInfo?.vnfcResourceInfo ?? [];
        await cluster.expectVnfcsMatch(id, vnfcs);
        return { state: instance.instantiationState, vnfdId: instance.vnfdId, vnfcs };
      };
      /** The same as `vnflcm show` prints it, when the CLI drives the case (after instantiate, change-vnfpkg and terminate). */
      const shown = async () => {
        if (!viaCli) return read();
        const record = await viaCli.lcm.json<CliRecord>(['vnflcm', 'show', id]);
        const vnfcs = (record['Instantiated Vnf Info'] as InstantiatedVnfInfo | undefined)?.vnfcResourceInfo ?? [];
        await cluster.expectVnfcsMatch(id, vnfcs);
        return { state: record['Instantiation State'], vnfdId: record['VNFD ID'], vnfcs };
      };
      const counted = (vnfcs: VnfcResourceInfo[]) =>
        Object.fromEntries(Object.entries(vduCounts(vnfcs)).filter(([vdu]) => vdu in c.counts));

      await completes({ task: 'instantiate', body: withTestVim(c.instantiate(), api, vimId) });
      let now = await shown();
      expect([now.state, counted(now.vnfcs)]).toEqual(['INSTANTIATED', c.counts]);

      for (const { aspectId, vduId, steps } of c.aspects) {
        const before = now.vnfcs.filter((vnfc) => vnfc.vduId === vduId).length;
        await completes({ task: 'scale', type: 'SCALE_OUT', aspectId, numberOfSteps: steps });
        now = await read();
        expect([aspectId, now.vnfcs.filter((vnfc) => vnfc.vduId === vduId).length]).toEqual([aspectId, before + steps]);
        await completes({ task: 'scale', type: 'SCALE_IN', aspectId, numberOfSteps: steps });
        now = await read();
        expect([aspectId, counted(now.vnfcs)]).toEqual([aspectId, c.counts]);
      }

      const target = now.vnfcs.find((vnfc) => vnfc.vduId === c.healVdu) as VnfcResourceInfo;
      await completes({ task: 'heal', vnfcInstanceId: target.id });
      const healedOne = await read();
      expect([healedOne.vnfcs.some((vnfc) => vnfc.id === target.id), counted(healedOne.vnfcs)]).toEqual([false, c.counts]);

      await completes({ task: 'heal' });
      now = await read();
      expect([now.vnfcs.filter((vnfc) => healedOne.vnfcs.some((before) => before.id === vnfc.id)), counted(now.vnfcs)]).toEqual([
        [],
        c.counts,
      ]);

      if (api === 'v2' && c.change) {
        const { change } = c;
        const variant = vnfdIds.get(`${pkg} variant`) as string;
        // k8s-v2-change-vnfpkg.json with the variant's vnfdId; its manifests are the instantiation's (the variant changes one of them in place).
        const body = tackerRequestBody('k8s-v2-change-vnfpkg.json');
        const defFiles = (c.instantiate().additionalParams as Json)['lcm-kubernetes-def-files'];
        const before = now.vnfcs;
        await completes({
          task: 'change_vnfpkg',
          body: {
            ...body,
            vnfdId: variant,
            additionalParams: { ...(body.additionalParams as Json), 'lcm-kubernetes-def-files': defFiles },
          },
        });
        now = await shown();
        expect([now.vnfdId, counted(now.vnfcs)]).toEqual([variant, c.counts]);
        const deployment = await apps.readNamespacedDeployment({
          name: change.deployment,
          namespace: now.vnfcs.find((vnfc) => vnfc.vduId === change.vduId)?.metadata?.['namespace'] as string,
        });
        expect(deployment.spec?.template.spec?.containers.map((container) => container.image)).toContain(change.to.replace('image: ', ''));
        // The rolled VDU's pods are all new; every other VDU's are the same pods.
        expect(now.vnfcs.filter((vnfc) => vnfc.vduId === change.vduId && before.some((old) => old.id === vnfc.id))).toEqual([]);
        expect(
          now.vnfcs
            .filter((vnfc) => vnfc.vduId !== change.vduId)
            .map((vnfc) => vnfc.id)
            .sort(),
        ).toEqual(
          before
            .filter((vnfc) => vnfc.vduId !== change.vduId)
            .map((vnfc) => vnfc.id)
            .sort(),
        );
      }

      await completes({ task: 'terminate', terminationType: 'GRACEFUL' });
      expect([(await shown()).state, await cluster.labelled(id)]).toEqual(['NOT_INSTANTIATED', []]);
      await client.delete(id);
      process.stdout.write(
        `[corpus-cnf] ${pkg} API ${api} (${client.label}): whole lifecycle in ${Math.round((Date.now() - started) / 1000)} s\n`,
      );
    });
  });
});
