import { setTimeout as sleep } from 'node:timers/promises';
import { isRecord, errorMessage } from '@vnfm/util';
import { ApiException } from '@kubernetes/client-node';
import { AppError } from '@vnfm/contracts';
import { describeObject, type KubeObject } from '@vnfm/kubernetes-manifests';

/** The API server's own words for a refusal (its Status `message`), else the HTTP status. */
function apiReason(error: unknown): string {
  if (error instanceof ApiException) {
    const body: unknown = typeof error.body === 'string' ? safeJson(error.body) : error.body;
    if (isRecord(body) && typeof body['message'] === 'string') return body['message'];
    return `HTTP ${error.code}`;
  }
  return errorMessage(error);
}

export const apiStatus = (error: unknown): number | undefined => (error instanceof ApiException ? error.code : undefined);

/**
 * A 409 from the ResourceQuota admission: the quota's usage changed under it
 * (the quota controller, or another object created in the namespace at the
 * same moment). Not the object's fault: the same request again is counted
 * against the quota's new usage.
 */
export function isQuotaConflict(error: unknown): boolean {
  if (!(error instanceof ApiException) || error.code !== 409) return false;
  const body: unknown = typeof error.body === 'string' ? safeJson(error.body) : error.body;
  const details = isRecord(body) && isRecord(body['details']) ? body['details'] : {};
  return details['kind'] === 'resourcequotas' || /resourcequotas "[^"]*": the object has been modified/.test(apiReason(error));
}

/** `attempt` again while the API server answers it with a quota conflict, up to `tries` times in all, 100 ms more between each. */
export async function retryingQuotaConflicts<T>(attempt: () => Promise<T>, tries = 5): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await attempt();
    } catch (error) {
      if (round >= tries || !isQuotaConflict(error)) throw error;
      await sleep(100 * round);
    }
  }
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * The VIM refused an object (forbidden, invalid, conflict): the step fails
 * with the API server's reason and the object named. 4xx answers are the
 * request's fault (422), anything else the VIM's (502).
 */
export function objectRefused(action: string, object: KubeObject, error: unknown): AppError {
  const status = apiStatus(error);
  const detail = `Kubernetes API server refused to ${action} ${describeObject(object)}: ${apiReason(error)}`;
  if (status !== undefined && status >= 400 && status < 500)
    return new AppError('KUBERNETES_OBJECT_REFUSED', 422, 'Unprocessable Entity', detail);
  return new AppError('VIM_REFUSED', 502, 'Bad Gateway', detail);
}
