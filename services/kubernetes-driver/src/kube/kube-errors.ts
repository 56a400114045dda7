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
