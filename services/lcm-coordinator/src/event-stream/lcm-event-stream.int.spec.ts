import { randomUUID } from 'node:crypto';
import { LCM_COORDINATOR, vnfcInfoId, type LcmOperationRequest, type StartOperationReply, type VnfInstanceView } from '@vnfm/lcm-domain';
import { notificationViolations } from '@vnfm/lcm-domain/testing';
import { corpusVimConfig } from '@vnfm/vim-domain/testing';
import { runWithContext } from '@vnfm/telemetry';
import { PACKAGE_CATALOG, type VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { ensureKafka } from '../../../../e2e/support/kafka';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../../../tools/openstack-sim/src';
import { MgmtDriverRunnerModule } from '../../../mgmt-driver-runner/src/mgmt-driver-runner.module';
import { RecordingDriver } from '../../../mgmt-driver-runner/src/testing/recording-driver';
import { OpenstackDriverModule } from '../../../openstack-driver/src/openstack-driver.module';
import { LcmHarness } from '../testing/lcm-harness';
import { consoleConsume, type ConsumedRecord } from './testing/console-consumer';

jest.setTimeout(240_000);

const PREFIX = `test-${randomUUID().slice(0, 8)}.`;
const LCM_TOPIC = `${PREFIX}lcm.notifications.v1`;
const INSTANCES_TOPIC = `${PREFIX}vnf-instances.v1`;
const PACKAGES_TOPIC = `${PREFIX}vnf-packages.v1`;
const SECRET = 'stream-secret-1';
const TENANT = 'stream-tenant';
const additionalParams = {
  nfv: {
    VDU: { VDU1: { name: 'VDU1' } },
    CP: { VDU1_CP1: { network: 'net0' }, VDU2_CP1: { network: 'net0', fixed_ips: [{ subnet: 'subnet0' }] } },
  },
  ansible: { username: 'ubuntu', password: SECRET },
};
const LIFECYCLE = ['INSTANTIATE', 'SCALE', 'HEAL', 'TERMINATE'].flatMap((operation) =>
  ['STARTING', 'PROCESSING', 'COMPLETED'].map((state) => `${operation}:${state}`),
);
const summary = (value: Record<string, unknown>) =>
  value.notificationType === 'VnfLcmOperationOccurrenceNotification'
    ? `${String(value.operation)}:${String(value.operationState)}`
    : String(value.notificationType);

describe("lcm-coordinator: the public Kafka event stream of a full lifecycle on the OpenStack simulator, read by Kafka's own console consumer", () => {
  let harness: LcmHarness;
  let sim: OpenStackSimulator;
  let brokers: string[];
  const instances: string[] = [];
  let vnfPkgId: string;

  const run = async (vnfInstanceId: string, request: LcmOperationRequest) => {
    const { vnfLcmOpOccId } = await harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, {
      apiMajor: 2,
      vnfInstanceId,
      request,
    });
    expect(await harness.opOccIn(vnfLcmOpOccId, ['COMPLETED', 'FAILED_TEMP', 'FAILED'], 60_000)).toMatchObject({
      operationState: 'COMPLETED',
    });
  };
  const lifecycle = async (vnfdId: string, name: string) => {
    const vnfInstanceId = (
      await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId, vnfInstanceName: name } })
    ).id;
    instances.push(vnfInstanceId);
    await run(vnfInstanceId, { operation: 'INSTANTIATE', params: { flavourId: 'simple', additionalParams } });
    await run(vnfInstanceId, { operation: 'SCALE', params: { type: 'SCALE_OUT', aspectId: 'VDU1_scale', numberOfSteps: 1 } });
    const view = await harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId });
    const target = view.instantiatedVnfInfo?.vnfcResourceInfo?.[0];
    await run(vnfInstanceId, { operation: 'HEAL', params: { vnfcInstanceId: [vnfcInfoId(String(target?.id))], cause: 'disk failure' } });
    await run(vnfInstanceId, { operation: 'TERMINATE', params: { terminationType: 'FORCEFUL' } });
    await harness.request(LCM_COORDINATOR.deleteVnfInstance, { apiMajor: 2, vnfInstanceId });
  };
  const byKey = (records: ConsumedRecord[], topic: string) => {
    const keyed = new Map<string, ConsumedRecord[]>();
    for (const record of records.filter((one) => one.topic === topic)) keyed.set(record.key, [...(keyed.get(record.key) ?? []), record]);
    return keyed;
  };

  beforeAll(async () => {
    brokers = await ensureKafka();
    Object.assign(process.env, {
      VNFM_EVENT_STREAM_BROKERS: brokers.join(','),
      VNFM_EVENT_STREAM_TOPIC_PREFIX: PREFIX,
      VNFM_PUBLIC_URL: 'http://vnfm.test:9890',
    });
    // The package's VNFD hooks run a Python script: a recording MgmtDriver takes them.
    harness = new LcmHarness({
      openstackDriver: OpenstackDriverModule,
      runner: MgmtDriverRunnerModule.withDrivers([new RecordingDriver('recording', 'Scripts/sample_script.py')]),
    });
    sim = await startOpenStackSimulator({ delayMs: 0 });
    await harness.start();
    // Everything as a member of one tenant would do it: the records name that tenant.
    await runWithContext({ correlationId: randomUUID(), causationId: randomUUID(), principal: 'oss@stream', tenant: TENANT }, async () => {
      await harness.registerVim(sim.credentials.authUrl);
      const vnfdId = await harness.onboard('vnf-v2-userdata-standard');
      // Two instances at once: each keeps its own order.
      await Promise.all([lifecycle(vnfdId, 'stream-a'), lifecycle(vnfdId, 'stream-b')]);
      // Then the package's end: disabled, deleted.
      vnfPkgId = (await harness.request<VnfPkgInfo>(PACKAGE_CATALOG.getPackage, { vnfdId })).id;
      await harness.request(PACKAGE_CATALOG.modifyPackage, { vnfPkgId, operationalState: 'DISABLED' });
      await harness.request(PACKAGE_CATALOG.deletePackage, { vnfPkgId });
    });
  }, 600_000);
  afterAll(async () => {
    await harness?.dispose();
    await sim?.close();
    for (const name of ['VNFM_EVENT_STREAM_BROKERS', 'VNFM_EVENT_STREAM_TOPIC_PREFIX', 'VNFM_PUBLIC_URL']) delete process.env[name];
  });

  it("a consumer group reads every instance's SOL 003 notifications (v3.3.1, FULL) and lifecycle events keyed by the instance, in order, each with a stable id header and the instance's tenant, no secret", async () => {
    const group = `oss-${randomUUID().slice(0, 8)}`;
    const records = [...(await consoleConsume(brokers, group, LCM_TOPIC)), ...(await consoleConsume(brokers, group, INSTANCES_TOPIC))];
    const notifications = byKey(records, LCM_TOPIC);
    const events = byKey(records, INSTANCES_TOPIC);
    expect([...notifications.keys()].sort()).toEqual([...instances].sort());
    for (const vnfInstanceId of instances) {
      const got = notifications.get(vnfInstanceId) ?? [];
      expect(got.map((record) => summary(record.value))).toEqual([
        'VnfIdentifierCreationNotification',
        ...LIFECYCLE,
        'VnfIdentifierDeletionNotification',
      ]);
      // One key, one partition: the order is the partition's.
      expect(new Set(got.map((record) => record.partition)).size).toBe(1);
      for (const record of got) {
        expect(notificationViolations(2, record.value)).toEqual([]);
        expect(record.headers).toMatchObject({
          id: record.value.id,
          type: record.value.notificationType,
          'content-type': 'application/json',
          tenant: TENANT,
        });
        expect(record.value).toMatchObject({
          vnfInstanceId,
          subscriptionId: LCM_TOPIC,
          _links: { vnfInstance: { href: `http://vnfm.test:9890/vnflcm/v2/vnf_instances/${vnfInstanceId}` } },
        });
      }
      const completed = got.find((record) => summary(record.value) === 'INSTANTIATE:COMPLETED');
      expect(completed?.value).toMatchObject({ verbosity: 'FULL', affectedVnfcs: expect.any(Array) });
      const lifecycleEvents = events.get(vnfInstanceId) ?? [];
      // The instantiation sets every aspect's first level, the scale-out the next.
      expect(lifecycleEvents.map((record) => record.value.type)).toEqual([
        'VnfInstanceCreated',
        'VnfInstanceInstantiated',
        'VnfInstanceScaleLevelChanged',
        'VnfInstanceScaleLevelChanged',
        'VnfInstanceTerminated',
        'VnfInstanceDeleted',
      ]);
      for (const record of lifecycleEvents) {
        expect(record.value).toMatchObject({
          schemaVersion: 1,
          vnfInstanceId,
          tenant: TENANT,
          id: record.headers.id,
          time: expect.any(String),
        });
        expect(record.headers).toMatchObject({ tenant: TENANT });
      }
    }
    const all = JSON.stringify(records);
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain(String(corpusVimConfig('openstack-vim_config.yaml').password));
    expect(new Set(records.map((record) => record.headers.id)).size).toBe(records.length);
  });

  it('a consumer group reads the package lifecycle keyed by the package id: created, onboarded with its VNFD identity, disabled, deleted', async () => {
    const records = await consoleConsume(brokers, `oss-${randomUUID().slice(0, 8)}`, PACKAGES_TOPIC);
    const mine = records.filter((record) => record.key === vnfPkgId);
    expect(mine.map((record) => record.value.type)).toEqual([
      'VnfPackageCreated',
      'VnfPackageOnboarded',
      'VnfPackageDisabled',
      'VnfPackageDeleted',
    ]);
    expect(mine[1].value).toMatchObject({
      schemaVersion: 1,
      vnfPkgId,
      vnfdId: expect.any(String),
      vnfProvider: expect.any(String),
      id: mine[1].headers.id,
    });
    expect(JSON.stringify(records)).not.toContain(SECRET);
  });
});
