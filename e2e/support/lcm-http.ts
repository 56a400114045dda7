import type { VnfInstanceView, VnfLcmOpOccView } from '@vnfm/lcm-domain';
import { tackerRequestBody } from './lcm-requests';
import { pollUntil } from './poll';

export type GatewayHttp = (path: string, init?: RequestInit) => Promise<Response>;

/** Where an occurrence rests until someone acts: its final states and FAILED_TEMP (SOL 003 §5.6.2.2). */
export const RESTING_STATES: readonly string[] = ['COMPLETED', 'FAILED_TEMP', 'FAILED', 'ROLLED_BACK'];

/** Requests to the gateway as the admin: /vnflcm/v2 ones carry the Version header SOL 013 §9.1 requires, string bodies are JSON. */
export function gatewayHttp(endpoint: string, token: string): GatewayHttp {
  return (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('X-Auth-Token', token);
    if (path.startsWith('/vnflcm/v2') && !headers.has('Version')) headers.set('Version', '2.0.0');
    if (typeof init.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    return fetch(`${endpoint}${path}`, { ...init, headers });
  };
}

/** GET that must answer 200; anything else throws with the answer, so a poll stops at the first refusal. */
export async function getJson<T>(http: GatewayHttp, path: string): Promise<T> {
  const response = await http(path);
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** POST /vnflcm/v2/vnf_instances (SOL 003 §5.4.2.3.1). */
export async function createInstance(http: GatewayHttp, vnfdId: string, vnfInstanceName: string): Promise<VnfInstanceView> {
  const response = await http('/vnflcm/v2/vnf_instances', { method: 'POST', body: JSON.stringify({ vnfdId, vnfInstanceName }) });
  if (response.status !== 201) throw new Error(`creating ${vnfInstanceName} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as VnfInstanceView;
}

/** The occurrence a 202 names in its Location header (SOL 003 §5.4.4.3.1). */
function opOccIdOf(response: Response): string {
  const location = response.headers.get('location') ?? '';
  const id = /\/vnf_lcm_op_occs\/([^/]+)$/.exec(location)?.[1];
  if (response.status !== 202 || !id)
    throw new Error(`expected 202 with an operation occurrence Location, got ${response.status} Location: ${location || '(none)'}`);
  return id;
}

/** POSTs a v2 task resource of an instance (instantiate, scale, heal, terminate, ...) and returns the started occurrence's id. */
export async function startTask(http: GatewayHttp, vnfInstanceId: string, task: string, body: Record<string, unknown>): Promise<string> {
  const response = await http(`/vnflcm/v2/vnf_instances/${vnfInstanceId}/${task}`, { method: 'POST', body: JSON.stringify(body) });
  if (response.status !== 202) throw new Error(`POST .../${task} answered ${response.status}: ${await response.text()}`);
  return opOccIdOf(response);
}

/** Polls GET /vnflcm/v2/vnf_lcm_op_occs/{id} until the occurrence rests. */
export const settledOpOcc = (http: GatewayHttp, vnfLcmOpOccId: string, timeoutMs = 90_000): Promise<VnfLcmOpOccView> =>
  pollUntil(
    `operation occurrence ${vnfLcmOpOccId} at rest`,
    () => getJson<VnfLcmOpOccView>(http, `/vnflcm/v2/vnf_lcm_op_occs/${vnfLcmOpOccId}`),
    (opOcc) => RESTING_STATES.includes(opOcc.operationState),
    timeoutMs,
  );

export interface ScaleRace {
  /** Both answers' statuses, sorted. */
  statuses: number[];
  refusal?: { contentType: string | null; body: unknown };
  acceptedOpId?: string;
}

/** Sends the same v2 scale-out (Tacker's os-v2-scale-out-max body) twice at the same moment, as two NFVOs might (through two gateways, when given). */
export async function raceTwoScales(http: GatewayHttp | [GatewayHttp, GatewayHttp], vnfInstanceId: string): Promise<ScaleRace> {
  const body = JSON.stringify(tackerRequestBody('os-v2-scale-out-max.json'));
  const gateways = Array.isArray(http) ? http : [http, http];
  const answers = await Promise.all(
    gateways.map((gateway) => gateway(`/vnflcm/v2/vnf_instances/${vnfInstanceId}/scale`, { method: 'POST', body })),
  );
  const refused = answers.find((answer) => answer.status !== 202);
  const accepted = answers.find((answer) => answer.status === 202);
  return {
    statuses: answers.map((answer) => answer.status).sort(),
    ...(refused && { refusal: { contentType: refused.headers.get('content-type'), body: await refused.json().catch(() => undefined) } }),
    ...(accepted && { acceptedOpId: opOccIdOf(accepted) }),
  };
}
