import { ApiError, type HttpResult } from '../http/http-types';
import type { Router } from '../http/router';
import { type FaultInjector, UnknownServerError } from './fault-injector';
import { InvalidFaultError, parseFaultSpec } from './fault-spec';
import type { SimStateDump } from './state-dump';

export interface SimRouteDeps {
  readonly faults: FaultInjector;
  readonly state: () => SimStateDump;
  readonly reset: () => void;
}

function simError(status: number, title: string, message: string): ApiError {
  return new ApiError(status, { error: { code: status, title, message } });
}

function injectFault(faults: FaultInjector, body: unknown): HttpResult {
  try {
    const spec = parseFaultSpec(body);
    faults.inject(spec);
    return { status: 201, body: { fault: spec } };
  } catch (error) {
    if (error instanceof InvalidFaultError) throw simError(400, 'Bad Request', error.message);
    if (error instanceof UnknownServerError) throw simError(404, 'Not Found', error.message);
    throw error;
  }
}

/**
 * Simulator-only endpoints, no token needed (not part of any OpenStack API):
 * `POST /_sim/faults` (inject a FaultSpec), `GET /_sim/faults` (pending stack faults),
 * `DELETE /_sim/faults` (drop them), `GET /_sim/state` (stacks, servers, address pool) and
 * `POST /_sim/reset` (forget all stacks, servers and faults; tokens stay valid).
 */
export function registerSimRoutes(router: Router, deps: SimRouteDeps): void {
  router.add('POST', '/_sim/faults', (request) => injectFault(deps.faults, request.body));
  router.add('GET', '/_sim/faults', () => ({ status: 200, body: { faults: deps.faults.pending() } }));
  router.add('DELETE', '/_sim/faults', () => {
    deps.faults.clear();
    return { status: 204 };
  });
  router.add('GET', '/_sim/state', () => ({ status: 200, body: deps.state() }));
  router.add('POST', '/_sim/reset', () => {
    deps.reset();
    return { status: 204 };
  });
}
