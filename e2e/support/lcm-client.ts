import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VnfLcmOpOccView } from '@vnfm/lcm-domain';
import { getJson, RESTING_STATES, type GatewayHttp } from './lcm-http';
import { pollUntil } from './poll';
import { API_V2, VnflcmCli, type CliRecord } from './vnflcm-cli';
import type { TackerCli } from './tacker-cli';

type Json = Record<string, unknown>;

/** A task of an instance, as the CLI's options give it and as its request body says it. */
export type LcmTask =
  | { task: 'instantiate'; body: Json }
  | { task: 'scale'; type: 'SCALE_OUT' | 'SCALE_IN'; aspectId: string; numberOfSteps?: number }
  | { task: 'heal'; cause?: string; vnfcInstanceId?: string }
  | { task: 'terminate'; terminationType: 'FORCEFUL' | 'GRACEFUL' }
  | { task: 'change_vnfpkg'; body: Json };

/**
 * One API version's lifecycle calls, made by the unmodified Tacker CLI or by
 * plain HTTP with the bodies the CLI sends for the same options. Corpus files
 * drive each package through both: the CLI passes request files through and
 * builds the few small bodies below the same way for every package, so one
 * CLI lifecycle per package proves the CLI, and HTTP covers the other
 * version at a fraction of the CPU (each CLI command is a Python process).
 */
export interface LcmClient {
  readonly label: string;
  create(name: string, vnfdId: string): Promise<string>;
  /** Runs the task and waits until it rests; anything but COMPLETED throws with the task, state and error detail. */
  complete(vnfInstanceId: string, task: LcmTask): Promise<VnfLcmOpOccView>;
  delete(vnfInstanceId: string): Promise<void>;
}

const apiPrefix = (apiMajor: 1 | 2) => `/vnflcm/v${apiMajor}`;

/** The request body of a task, as the CLI builds it from its options. */
function bodyOf(task: LcmTask): Json {
  switch (task.task) {
    case 'instantiate':
    case 'change_vnfpkg':
      return task.body;
    case 'scale':
      return { type: task.type, aspectId: task.aspectId, ...(task.numberOfSteps !== undefined && { numberOfSteps: task.numberOfSteps }) };
    case 'heal':
      return {
        ...(task.cause !== undefined && { cause: task.cause }),
        ...(task.vnfcInstanceId && { vnfcInstanceId: [task.vnfcInstanceId] }),
      };
    case 'terminate':
      return { terminationType: task.terminationType };
  }
}

function expectCompleted(task: LcmTask, op: VnfLcmOpOccView): VnfLcmOpOccView {
  expect([task.task, op.operationState, op.error?.detail ?? 'no error']).toEqual([task.task, 'COMPLETED', 'no error']);
  return op;
}

/** The CLI's arguments for a task; request bodies go in files under `dir`, as a user passes them. */
function cliArgs(vnfInstanceId: string, task: LcmTask, dir: string): string[] {
  const file = (body: Json) => {
    const path = join(dir, `${vnfInstanceId}-${task.task}-${Date.now()}.json`);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };
  switch (task.task) {
    case 'instantiate':
      return ['vnflcm', 'instantiate', vnfInstanceId, file(task.body)];
    case 'change_vnfpkg':
      return ['vnflcm', 'change-vnfpkg', vnfInstanceId, file(task.body)];
    case 'scale':
      return [
        'vnflcm',
        'scale',
        vnfInstanceId,
        '--type',
        task.type,
        '--aspect-id',
        task.aspectId,
        ...(task.numberOfSteps !== undefined ? ['--number-of-steps', String(task.numberOfSteps)] : []),
      ];
    case 'heal':
      return [
        'vnflcm',
        'heal',
        vnfInstanceId,
        ...(task.cause !== undefined ? ['--cause', task.cause] : []),
        ...(task.vnfcInstanceId ? ['--vnfc-instance', task.vnfcInstanceId] : []),
      ];
    case 'terminate':
      return ['vnflcm', 'terminate', vnfInstanceId, '--termination-type', task.terminationType];
  }
}

/** The unmodified Tacker CLI (`openstack vnflcm ...`), request files under `dir`. */
export function cliClient(cli: TackerCli, apiMajor: 1 | 2, dir: string): LcmClient & { lcm: VnflcmCli } {
  const lcm = new VnflcmCli(cli, apiMajor === 2 ? API_V2 : []);
  return {
    label: `CLI v${apiMajor}`,
    lcm,
    create: async (name, vnfdId) => String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', name, vnfdId])).ID),
    complete: async (id, task) => expectCompleted(task, await lcm.complete(id, cliArgs(id, task, dir))),
    delete: async (id) => {
      expect(await lcm.run(['vnflcm', 'delete', id])).toMatchObject({ code: 0, stdout: expect.stringContaining('deleted successfully') });
    },
  };
}

/** Plain HTTP to the gateway with the bodies the CLI sends (v2 requests carry the Version header). */
export function httpClient(http: GatewayHttp, apiMajor: 1 | 2): LcmClient {
  const prefix = apiPrefix(apiMajor);
  const post = async (path: string, body: Json, status: number) => {
    const response = await http(`${prefix}${path}`, { method: 'POST', body: JSON.stringify(body) });
    if (response.status !== status) throw new Error(`POST ${prefix}${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  return {
    label: `HTTP v${apiMajor}`,
    create: async (name, vnfdId) =>
      String(((await (await post('/vnf_instances', { vnfdId, vnfInstanceName: name }, 201)).json()) as Json).id),
    complete: async (id, task) => {
      const response = await post(`/vnf_instances/${id}/${task.task}`, bodyOf(task), 202);
      const opId = /\/vnf_lcm_op_occs\/([^/]+)$/.exec(response.headers.get('location') ?? '')?.[1];
      if (!opId) throw new Error(`POST .../${task.task} answered 202 without an occurrence Location`);
      const op = await pollUntil(
        `operation occurrence ${opId} at rest`,
        () => getJson<VnfLcmOpOccView>(http, `${prefix}/vnf_lcm_op_occs/${opId}`),
        (shown) => RESTING_STATES.includes(shown.operationState),
        300_000,
      );
      return expectCompleted(task, op);
    },
    delete: async (id) => {
      const response = await http(`${prefix}/vnf_instances/${id}`, { method: 'DELETE' });
      expect(response.status).toBe(204);
    },
  };
}

/** The client of the i-th lifecycle of a package: the CLI on one API version, HTTP on the other, alternating by package. */
export const clientFor = (index: number, apiMajor: 1 | 2) => ((index + apiMajor) % 2 === 0 ? 'CLI' : 'HTTP');
