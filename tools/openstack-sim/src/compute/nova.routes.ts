import type { AuthGuard } from '../identity/auth-guard';
import { ApiError, type SimRequest } from '../http/http-types';
import type { Router } from '../http/router';
import type { FlavorRegistry } from './flavor-registry';
import { flavorDetailView, flavorSummaryView, type NovaRootUrl, serverDetailView, serverSummaryView } from './nova-views';
import type { ServerRecord, ServerRegistry } from './server-registry';

export interface NovaRouteDeps {
  readonly guard: AuthGuard;
  readonly servers: ServerRegistry;
  readonly flavors: FlavorRegistry;
  readonly root: NovaRootUrl;
}

/** Every response names the microversion it was rendered at (Compute API guide, "Microversions"). */
const VERSION_HEADERS = { 'OpenStack-API-Version': 'compute 2.1', 'X-OpenStack-Nova-API-Version': '2.1' };

function notFound(id: string): ApiError {
  return new ApiError(404, { itemNotFound: { code: 404, message: `Instance ${id} could not be found.` } }, VERSION_HEADERS);
}

function namePattern(name: string): RegExp {
  try {
    return new RegExp(name);
  } catch {
    throw new ApiError(400, { badRequest: { code: 400, message: `Invalid regular expression in name filter: ${name}` } }, VERSION_HEADERS);
  }
}

/** The caller's servers, filtered by the `name` (regular expression) and `status` query parameters. */
function visibleServers(deps: NovaRouteDeps, request: SimRequest): ServerRecord[] {
  const token = deps.guard.requireScopedToken(request);
  const name = request.query.get('name');
  const status = request.query.get('status');
  const pattern = name === null ? undefined : namePattern(name);
  return (
    deps.servers
      .all()
      .filter((server) => server.projectId === token.projectId)
      .filter((server) => pattern === undefined || pattern.test(server.name))
      // Every simulated server is ACTIVE.
      .filter(() => status === null || status.toUpperCase() === 'ACTIVE')
  );
}

/** Compute API v2.1: version document and read-only server and flavour routes under `/compute/v2.1`. */
export function registerNovaRoutes(router: Router, deps: NovaRouteDeps): void {
  const api = '/compute/v2.1';
  router.add('GET', api, () => ({
    status: 200,
    headers: VERSION_HEADERS,
    body: {
      version: {
        id: 'v2.1',
        status: 'CURRENT',
        version: '2.1',
        min_version: '2.1',
        updated: '2013-07-23T11:33:21Z',
        links: [{ rel: 'self', href: `${deps.root}/v2.1/` }],
      },
    },
  }));
  router.add('GET', `${api}/servers`, (request) => ({
    status: 200,
    headers: VERSION_HEADERS,
    body: { servers: visibleServers(deps, request).map((server) => serverSummaryView(deps.root, server)) },
  }));
  router.add('GET', `${api}/servers/detail`, (request) => ({
    status: 200,
    headers: VERSION_HEADERS,
    body: { servers: visibleServers(deps, request).map((server) => serverDetailView(deps.root, server)) },
  }));
  router.add('GET', `${api}/flavors`, (request) => {
    deps.guard.requireScopedToken(request);
    return {
      status: 200,
      headers: VERSION_HEADERS,
      body: { flavors: deps.flavors.all().map((flavor) => flavorSummaryView(deps.root, flavor)) },
    };
  });
  router.add('GET', `${api}/flavors/detail`, (request) => {
    deps.guard.requireScopedToken(request);
    return {
      status: 200,
      headers: VERSION_HEADERS,
      body: { flavors: deps.flavors.all().map((flavor) => flavorDetailView(deps.root, flavor)) },
    };
  });
  router.add('GET', `${api}/flavors/:id`, (request, { id }) => {
    deps.guard.requireScopedToken(request);
    const flavor = deps.flavors.get(id);
    if (flavor === undefined)
      throw new ApiError(404, { itemNotFound: { code: 404, message: `Flavor ${id} could not be found.` } }, VERSION_HEADERS);
    return { status: 200, headers: VERSION_HEADERS, body: { flavor: flavorDetailView(deps.root, flavor) } };
  });
  router.add('GET', `${api}/servers/:id`, (request, { id }) => {
    const token = deps.guard.requireScopedToken(request);
    const server = deps.servers.get(id);
    if (server === undefined || server.projectId !== token.projectId) throw notFound(id);
    return { status: 200, headers: VERSION_HEADERS, body: { server: serverDetailView(deps.root, server) } };
  });
}
