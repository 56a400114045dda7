import type { KeystoneClient } from './keystone.client';

/** Tacker's service type in the catalog: `openstack vnflcm ...` looks the endpoint up by it. */
const CATALOG_SERVICE_TYPE = 'nfv-orchestration';
const INTERFACES = ['public', 'internal', 'admin'] as const;

interface Endpoint {
  id: string;
  interface: string;
  region_id?: string;
  url: string;
}

async function json<T>(response: Promise<Response>, what: string): Promise<T> {
  const answered = await response;
  if (!answered.ok) throw new Error(`${what} answered ${answered.status}`);
  return (await answered.json()) as T;
}

/**
 * Registers the gateway in Keystone's catalog as Tacker is (service type
 * `nfv-orchestration`, name `tacker`; a public, an internal and an admin
 * endpoint in the region, all at `url`), so a client with nothing but a
 * Keystone login finds it. Idempotent: what exists is kept, an endpoint at
 * another URL is moved to this one. Needs the admin role on the identity API.
 */
export async function registerInCatalog(keystone: KeystoneClient, url: string, region: string): Promise<void> {
  const { services } = await json<{ services: { id: string }[] }>(
    keystone.call('GET', `/services?type=${CATALOG_SERVICE_TYPE}`),
    'listing the catalog services',
  );
  const serviceId =
    services[0]?.id ??
    (
      await json<{ service: { id: string } }>(
        keystone.call(
          'POST',
          '/services',
          {},
          {
            service: { type: CATALOG_SERVICE_TYPE, name: 'tacker', description: 'ETSI NFV VNF Manager', enabled: true },
          },
        ),
        'creating the catalog service',
      )
    ).service.id;
  const { endpoints } = await json<{ endpoints: Endpoint[] }>(
    keystone.call('GET', `/endpoints?service_id=${encodeURIComponent(serviceId)}`),
    'listing its endpoints',
  );
  for (const kind of INTERFACES) {
    const found = endpoints.find((endpoint) => endpoint.interface === kind && endpoint.region_id === region);
    if (found?.url === url) continue;
    if (found) await json(keystone.call('PATCH', `/endpoints/${found.id}`, {}, { endpoint: { url } }), `moving the ${kind} endpoint`);
    else
      await json(
        keystone.call('POST', '/endpoints', {}, { endpoint: { service_id: serviceId, interface: kind, url, region_id: region } }),
        `creating the ${kind} endpoint`,
      );
  }
}
