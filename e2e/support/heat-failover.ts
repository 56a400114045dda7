import type { Client } from 'pg';
import type { VnfInstanceView } from '@vnfm/lcm-domain';
import type { OpenStackSimulator } from '../../tools/openstack-sim/src';
import { instanceStacks, recordedServerIds } from './heat-servers';
import { createInstance, settledOpOcc, startTask, type GatewayHttp } from './lcm-http';
import { instantiateRequest, tackerRequestBody } from './lcm-requests';
import { pollUntil } from './poll';

/** What the failover scenarios on the OpenStack simulator need of a replicated product, processes or containers. */
export interface HeatFailoverStage {
  http: GatewayHttp;
  sim(): OpenStackSimulator;
  /** Kills the replica holding the lease whose name starts with `prefix` in `schema`; the service it ran. */
  killHolder(schema: string, prefix: string): Promise<string>;
  /** Whether a live replica logged `what` (a log message) for the occurrence. */
  resumed(what: string, opId: string): Promise<boolean>;
  /** The cloud holds exactly the instance's one stack and the servers it records. */
  expectOneStack(vnfInstanceId: string): Promise<VnfInstanceView>;
}

/** Starts a task and waits until the instance's stack is in `status`: the step is in the middle of its Heat action. */
async function startMidStack(stage: HeatFailoverStage, id: string, task: string, body: Record<string, unknown>, status: string) {
  const opId = await startTask(stage.http, id, task, body);
  await pollUntil(
    `the stack ${status}`,
    async () => instanceStacks(stage.sim().state(), id),
    (stacks) => stacks.some((stack) => stack.status === status),
    30_000,
    50,
  );
  return opId;
}

async function expectCompleted(stage: HeatFailoverStage, opId: string, resumedAs: string): Promise<void> {
  const settled = await settledOpOcc(stage.http, opId, 120_000);
  expect([settled.operationState, settled.error?.detail ?? 'no error']).toEqual(['COMPLETED', 'no error']);
  expect(await stage.resumed(resumedAs, opId)).toBe(true);
}

/** The coordinator holding an instantiate killed while Heat creates the stack: its peer completes it, one stack, two servers. */
export async function instantiateThroughCoordinatorDeath(stage: HeatFailoverStage, vnfdId: string, name: string): Promise<string> {
  const id = (await createInstance(stage.http, vnfdId, name)).id;
  const opId = await startMidStack(stage, id, 'instantiate', instantiateRequest(2), 'CREATE_IN_PROGRESS');
  expect(await stage.killHolder('lcm_coordinator', `vnfLcmOpOcc-${opId}`)).toBe('lcm-coordinator');
  await expectCompleted(stage, opId, 'resuming LCM operation occurrence');
  expect(recordedServerIds((await stage.expectOneStack(id)).instantiatedVnfInfo)).toHaveLength(2);
  return id;
}

/** The OpenStack driver running a scale-out killed while Heat updates the stack: its peer runs the step again, the new VNFC once. */
export async function scaleOutThroughDriverDeath(stage: HeatFailoverStage, id: string): Promise<void> {
  const opId = await startMidStack(stage, id, 'scale', tackerRequestBody('os-v2-scale-out-max.json'), 'UPDATE_IN_PROGRESS');
  expect(await stage.killHolder('openstack_driver', `step-${opId}:`)).toBe('openstack-driver');
  await expectCompleted(stage, opId, 'resuming step');
  const view = await stage.expectOneStack(id);
  expect(view.instantiatedVnfInfo?.scaleStatus).toEqual([{ aspectId: 'VDU1_scale', scaleLevel: 1 }]);
  expect(recordedServerIds(view.instantiatedVnfInfo)).toHaveLength(3);
}

/** The holder (`<host>:<pid>:<random>`) of the one live lease whose name starts with `prefix` in the service's schema. */
export async function leaseHolder(db: Client, schema: string, prefix: string): Promise<string> {
  const { rows } = await pollUntil(
    `a lease ${prefix}… in ${schema}`,
    () => db.query<{ holder: string }>(`SELECT holder FROM ${schema}.leases WHERE name LIKE $1 AND expires_at > now()`, [`${prefix}%`]),
    (result) => result.rows.length === 1,
    30_000,
    100,
  );
  return rows[0].holder;
}
