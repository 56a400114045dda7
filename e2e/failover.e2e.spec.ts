import { laneVm } from './support/lanes';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppsV1Api, CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { NodeSSH } from 'node-ssh';
import type { Client } from 'pg';
import { BACKEND_SERVICES } from '@vnfm/contracts';
import type { VnfInstanceView, VnfLcmOpOccView } from '@vnfm/lcm-domain';
import { instanceSelector } from '@vnfm/kubernetes-manifests';
import { zipFolder } from '@vnfm/vnf-package/testing';
import { startOpenStackSimulator, type OpenStackSimulator } from '../tools/openstack-sim/src';
import { stageGenericPackage } from '../services/mgmt-driver-runner/src/testing/generic-package';
import {
  NotificationReceivers,
  type ReceivedNotification,
} from '../services/lcm-coordinator/src/notifications/testing/notification-receiver';
import { onboardZip, zipStagedPackage } from './support/corpus-packages';
import type { DistributedProduct } from './support/distributed-product';
import { gatedDeployment } from './support/gated-deployment';
import {
  instantiateThroughCoordinatorDeath,
  leaseHolder,
  scaleOutThroughDriverDeath,
  type HeatFailoverStage,
} from './support/heat-failover';
import { cloudServerIds, instanceStacks, recordedServerIds, strayStacks } from './support/heat-servers';
import { REPO_ROOT } from './support/infra-script';
import { ensureK8s, K8S_UP_TIMEOUT_MS } from './support/k8s';
import { createInstance, gatewayHttp, getJson, raceTwoScales, settledOpOcc, startTask } from './support/lcm-http';
import { LCM_PACKAGE, onboardCorpusPackage, simulatorVimFile } from './support/lcm-stage';
import { pollUntil } from './support/poll';
import { startReplicatedProduct, type ReplicatedProduct } from './support/replicated-product';
import { ensureSshHosts, type SshHosts } from './support/ssh-hosts';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';

// test-lane-group: kafka-bus (the product's bus topics and consumer groups on Kafka have fixed names)

jest.setTimeout(600_000);

/** Long enough that a replica is killed in the middle of a Heat stack action and its lease runs out before the action ends. */
const HEAT_DELAY_MS = 8000;
const LEASE_TTL_MS = 2000;
const CNF_MANIFEST = 'Files/kubernetes/failover-deployment.yaml';
/** How long the converging test hook waits before its work: long enough to be cut off mid-script. */
const HOOK_SLEEP_SECONDS = 4;
/** The servers' addresses: two SSH hosts first (the hook's VNFC dials one), then addresses no one dials. */
const HOOK_VMS = [laneVm(5), laneVm(6)];
const ADDRESSES = [...HOOK_VMS, ...Array.from({ length: 60 }, (_, i) => `127.10.200.${i + 1}`)];

// Needs `npm run build`, Kafka, PostgreSQL (tools/postgres), the SSH hosts and tools/k8s (started when down).
// Every service runs as two processes sharing one PostgreSQL database and Kafka's consumer groups. The replica that holds an
// operation (the coordinator) or its step (a driver), as the leases table says, is SIGKILLed mid-step: its peer takes the lease
// over once it runs out and the operation COMPLETES, nothing made twice; a subscriber gets every notification once, in order.
describe('failover: two replicas of every service on PostgreSQL and Kafka, the replica holding the work SIGKILLed mid-step', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-failover-'));
  const token = 'failover-e2e-admin-token';
  const gate = { key: 'vnfm.etsi.org/e2e-failover', value: randomUUID().slice(0, 8) };
  const namespace = `vnfm-failover-${gate.value}`;
  const receivers = new NotificationReceivers();
  let replicated: ReplicatedProduct;
  let http: ReturnType<typeof gatewayHttp>;
  let product: DistributedProduct | undefined;
  let sim: OpenStackSimulator | undefined;
  let db: Client | undefined;
  let hosts: SshHosts;
  const connections: NodeSSH[] = [];
  let core: CoreV1Api;
  let apps: AppsV1Api;
  let node = '';
  let vnfdId = '';
  let cnfVnfdId = '';
  let k8sVimId = '';
  let vmInstance = '';
  let genericVnfdId = '';
  let hookInstance = '';

  const vm = async (address: string) => {
    const ssh = await new NodeSSH().connect({ host: address, port: hosts.port, username: 'vnfm', privateKeyPath: hosts.keyPath });
    connections.push(ssh);
    return ssh;
  };
  const readZip = async (folder: string) => readFileSync(await zipFolder(folder, `${folder}.zip`));

  const kubectl = (...args: string[]) => execFileSync('bash', [join(REPO_ROOT, 'tools/k8s/k8s.sh'), 'kubectl', ...args], { stdio: 'pipe' });
  const opOcc = (opId: string) => getJson<VnfLcmOpOccView>(http, `/vnflcm/v2/vnf_lcm_op_occs/${opId}`);
  const instance = (id: string) => getJson<VnfInstanceView>(http, `/vnflcm/v2/vnf_instances/${id}`);

  /** The process holding a lease whose name starts with `prefix`, in the service's schema (holder = `host:pid:random`). */
  const holderOf = async (schema: string, prefix: string): Promise<number> =>
    Number((await leaseHolder(db as Client, schema, prefix)).split(':')[1]);

  /** Kills the holder and checks the service still has a live replica to take over. */
  async function killHolder(schema: string, prefix: string): Promise<string> {
    const pid = await holderOf(schema, prefix);
    const service = await (product as DistributedProduct).killPid(pid);
    expect((product as DistributedProduct).processesOf(service)).toHaveLength(1);
    return service;
  }

  /** Whether a live replica logged that it took over and resumed the work (`what`: the log message) of the occurrence. */
  const resumed = (what: string, opId: string) =>
    (product as DistributedProduct).lines.some((line) => line.includes(`"msg":"${what}"`) && line.includes(opId));

  /** The cloud holds exactly the instance's one stack and the servers it records. */
  async function expectOneStack(id: string) {
    const cloud = (sim as OpenStackSimulator).state();
    const view = await instance(id);
    expect(strayStacks(cloud, [id, hookInstance])).toEqual([]);
    expect(instanceStacks(cloud, id)).toHaveLength(1);
    expect(recordedServerIds(view.instantiatedVnfInfo)).toEqual(cloudServerIds(cloud, id));
    return view;
  }

  const stage: HeatFailoverStage = {
    http: (path, init) => http(path, init),
    sim: () => sim as OpenStackSimulator,
    killHolder,
    resumed: async (what, opId) => resumed(what, opId),
    expectOneStack,
  };

  beforeAll(async () => {
    const [cp, openstack] = await Promise.all([ensureK8s(), ensureTackerCli()]);
    hosts = await ensureSshHosts();
    sim = await startOpenStackSimulator({ delayMs: HEAT_DELAY_MS, addressPool: ADDRESSES });
    await receivers.start();
    const config = new KubeConfig();
    config.loadFromFile(cp.kubeconfig);
    [core, apps] = [config.makeApiClient(CoreV1Api), config.makeApiClient(AppsV1Api)];
    node = String((await core.listNode({ labelSelector: 'type=kwok' })).items[0]?.metadata?.name);
    await core.createNamespace({ body: { metadata: { name: namespace } } });

    replicated = await startReplicatedProduct(dataDir, 'failover', {
      VNFM_LEASE_TTL_MS: String(LEASE_TTL_MS),
      VNFM_ADMIN_TOKEN: token,
    });
    ({ product, db } = replicated);
    const { ports } = replicated;
    http = gatewayHttp(`http://127.0.0.1:${ports[0]}`, token);

    const cli = tackerCli(openstack, `http://127.0.0.1:${ports[1]}`, token);
    await cli.json(['vim', 'register', '--config-file', simulatorVimFile(dataDir, sim), '--is-default', 'openstack-sim']);
    k8sVimId = (await cli.json<{ id: string }>(['vim', 'register', '--config-file', cp.vimFile, `k8s-failover-${gate.value}`])).id;
    vnfdId = String((await onboardCorpusPackage(http, dataDir, LCM_PACKAGE)).vnfdId);
    const extra = join(dataDir, 'cnf-package');
    mkdirSync(join(extra, 'Files', 'kubernetes'), { recursive: true });
    writeFileSync(join(extra, CNF_MANIFEST), gatedDeployment('failover', gate.key, gate.value));
    cnfVnfdId = randomUUID();
    await onboardZip(
      http,
      'cnf-v2-all-kinds with a gated VDU2',
      await zipStagedPackage(dataDir, 'cnf-v2-all-kinds', {
        stripHooks: true,
        vnfdId: { from: 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000', to: cnfVnfdId },
        extraFolders: [extra],
      }),
    );
    genericVnfdId = String((await onboardZip(http, 'generic-driver', await readZip(await stageGenericPackage(dataDir)))).vnfdId);
    const subscribed = await http('/vnflcm/v2/subscriptions', {
      method: 'POST',
      body: JSON.stringify({ callbackUri: receivers.uri('failover') }),
    });
    expect(subscribed.status).toBe(201);
  }, K8S_UP_TIMEOUT_MS + TACKER_CLI_INSTALL_TIMEOUT_MS);

  afterAll(async () => {
    for (const address of HOOK_VMS)
      if (hookInstance) await (await vm(address).catch(() => undefined))?.execCommand(`rm -rf ~/vnfm-generic/${hookInstance}`);
    connections.forEach((ssh) => ssh.dispose());
    await replicated?.close();
    await receivers.close();
    await sim?.close();
    if (node) {
      try {
        kubectl('label', 'node', node, `${gate.key}-`);
      } catch {
        // never labelled
      }
    }
    await core?.deleteNamespace({ name: namespace }).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every backend replica answers its own probes: live, and ready while it holds its leases', async () => {
    for (const service of BACKEND_SERVICES)
      for (const replica of [0, 1]) {
        const url = `http://127.0.0.1:${replicated.healthPort(service, replica)}/health`;
        expect([service, (await fetch(`${url}/live`)).status]).toEqual([service, 200]);
        const ready = await fetch(`${url}/ready`);
        expect([service, ready.status, await ready.json()]).toEqual([
          service,
          200,
          expect.objectContaining({ service, status: 'UP', leases: { shared: true, ready: true } }),
        ]);
      }
  });

  it('the mgmt-driver-runner replica running a converging instantiate_end hook SIGKILLed mid-script: its peer runs the hook again, COMPLETED', async () => {
    hookInstance = (await createInstance(http, genericVnfdId, 'failover-hook')).id;
    const opId = await startTask(http, hookInstance, 'instantiate', {
      flavourId: 'simple',
      additionalParams: {
        nfv: {
          VDU: { VDU1: { name: 'VDU1' } },
          CP: { VDU1_CP1: { network: 'net0' }, VDU2_CP1: { network: 'net0', fixed_ips: [{ subnet: 'subnet0' }] } },
        },
        generic_mgmt_driver: { ssh: { username: 'vnfm', password: hosts.users['vnfm'] } },
        generic_hook_sleep_seconds: HOOK_SLEEP_SECONDS,
      },
    });
    const sessions = await Promise.all(HOOK_VMS.map(vm));
    const runsFile = `~/vnfm-generic/${hookInstance}/instantiate_end.runs`;
    /** The hook's starts noted on either VNFC (the script notes each before it waits). */
    const starts = async () =>
      (await Promise.all(sessions.map((ssh) => ssh.execCommand(`cat ${runsFile} 2>/dev/null`))))
        .flatMap((result) => result.stdout.split('\n'))
        .filter(Boolean);
    await pollUntil('the hook script started on the VNFC', starts, (lines) => lines.length === 1, 60_000, 200);
    expect(await killHolder('mgmt_driver_runner', `step-${opId}:`)).toBe('mgmt-driver-runner');
    const settled = await settledOpOcc(http, opId, 120_000);
    expect([settled.operationState, settled.error?.detail ?? 'no error']).toEqual(['COMPLETED', 'no error']);
    expect(resumed('resuming step', opId)).toBe(true);
    // Started twice (cut off, then run again by the peer), ended once: its outputs name the VNFC it ran on.
    const lines = await starts();
    expect(lines).toHaveLength(2);
    const address = lines[0].split(' ').pop();
    expect(HOOK_VMS).toContain(address);
    expect((await instance(hookInstance)).metadata?.mgmtDriverOutputs).toEqual({ instantiate_end_ran_on: address });
  });

  it('the lcm-coordinator replica holding an instantiate SIGKILLed while Heat creates the stack: its peer takes the operation over, COMPLETED, one stack', async () => {
    vmInstance = await instantiateThroughCoordinatorDeath(stage, vnfdId, 'failover-vm');
  });

  it('the openstack-driver replica running a scale-out SIGKILLed while Heat updates the stack: its peer runs the step again, COMPLETED, the new VNFC once', async () => {
    if (!vmInstance) throw new Error('needs the instance the test above made');
    await scaleOutThroughDriverDeath(stage, vmInstance);
  });

  it('two scales of one instance at once, one through each gateway: exactly one is accepted (202, the other 409), whichever coordinator takes each', async () => {
    if (!vmInstance) throw new Error('needs the instance the tests above made');
    const race = await raceTwoScales([http, gatewayHttp(`http://127.0.0.1:${replicated.ports[1]}`, token)], vmInstance);
    expect(race.statuses).toEqual([202, 409]);
    const settled = await settledOpOcc(http, race.acceptedOpId as string, 120_000);
    expect([settled.operationState, settled.error?.detail ?? 'no error']).toEqual(['COMPLETED', 'no error']);
    expect(recordedServerIds((await expectOneStack(vmInstance)).instantiatedVnfInfo)).toHaveLength(4);
  });

  it('the kubernetes-driver replica waiting for a CNF instantiate SIGKILLed: its peer runs the step again, COMPLETED, one Deployment, its pods the VNFCs', async () => {
    const id = (await createInstance(http, cnfVnfdId, 'failover-cnf')).id;
    const opId = await startTask(http, id, 'instantiate', {
      flavourId: 'simple',
      vimConnectionInfo: { vim1: { vimId: k8sVimId, vimType: 'ETSINFV.KUBERNETES.V_1' } },
      additionalParams: { 'lcm-kubernetes-def-files': [CNF_MANIFEST], namespace },
    });
    const livePods = async () =>
      (await core.listNamespacedPod({ namespace, labelSelector: instanceSelector(id) })).items.filter(
        (pod) => !pod.metadata?.deletionTimestamp,
      );
    // The occurrence's state is read too: one that stopped waiting ends the wait at once, with its reason.
    const seen = await pollUntil(
      'the Deployment applied and its 2 pods Pending',
      async () => {
        const [pods, op] = await Promise.all([livePods(), opOcc(opId)]);
        return { pods: pods.length, state: op.operationState, error: op.error?.detail ?? 'no error' };
      },
      ({ pods, state }) => pods === 2 || !['STARTING', 'PROCESSING'].includes(state),
      60_000,
      200,
    );
    expect(seen).toEqual({ pods: 2, state: 'PROCESSING', error: 'no error' });
    expect(await killHolder('kubernetes_driver', `step-${opId}:`)).toBe('kubernetes-driver');
    // Long enough for the peer to take the step over (its lease runs out), then the pods may run.
    await new Promise((resolve) => setTimeout(resolve, 2 * LEASE_TTL_MS));
    kubectl('label', 'node', node, `${gate.key}=${gate.value}`, '--overwrite');
    const settled = await settledOpOcc(http, opId, 120_000);
    expect([settled.operationState, settled.error?.detail ?? 'no error']).toEqual(['COMPLETED', 'no error']);
    expect(resumed('resuming step', opId)).toBe(true);
    const [deployments, pods, view] = await Promise.all([
      apps.listNamespacedDeployment({ namespace, labelSelector: instanceSelector(id) }),
      livePods(),
      instance(id),
    ]);
    expect(deployments.items.map((item) => item.metadata?.name)).toEqual(['vdu2']);
    expect((view.instantiatedVnfInfo?.vnfcResourceInfo ?? []).map((vnfc) => vnfc.computeResource.resourceId).sort()).toEqual(
      pods.map((pod) => pod.metadata?.name).sort(),
    );
    expect(pods).toHaveLength(2);
  });

  it('the subscriber got every notification once by id, in order per instance, though a coordinator died', async () => {
    const states = (got: ReceivedNotification[], id: string) =>
      got
        .filter((n) => n.body['vnfInstanceId'] === id && n.body['notificationType'] === 'VnfLcmOperationOccurrenceNotification')
        .map((n) => `${String(n.body['operation'])}:${String(n.body['operationState'])}`);
    const got = await receivers.until(
      'failover',
      (all) => states(all, vmInstance).filter((state) => state === 'SCALE:COMPLETED').length >= 2,
      60_000,
    );
    // At least once: a POST cut off by a SIGKILL before its delivery was recorded comes again, with the same id (the subscriber
    // de-duplicates on it); taken once per id, the notifications are exactly those of the operations, in order.
    const seen = new Set<string>();
    const once = got.filter((n) => !seen.has(String(n.body['id'])) && seen.add(String(n.body['id'])));
    expect(states(once, vmInstance)).toEqual([
      'INSTANTIATE:STARTING',
      'INSTANTIATE:PROCESSING',
      'INSTANTIATE:COMPLETED',
      'SCALE:STARTING',
      'SCALE:PROCESSING',
      'SCALE:COMPLETED',
      'SCALE:STARTING',
      'SCALE:PROCESSING',
      'SCALE:COMPLETED',
    ]);
  });
});
