import { stableHexId } from '../common/ids';

/** Base URLs of the simulated services (devstack layout: one host, a path prefix per service). */
export interface ServiceUrls {
  readonly identity: string;
  /** Heat's endpoint without the project segment. */
  readonly orchestration: string;
  readonly compute: string;
  readonly image: string;
}

interface CatalogService {
  readonly type: string;
  readonly name: string;
  readonly url: string;
}

/** `http://host:port/identity`, `/heat-api/v1/<project_id>`, `/compute/v2.1` and `/image`, as devstack registers them. */
export function serviceUrls(baseUrl: string): ServiceUrls {
  return {
    identity: `${baseUrl}/identity`,
    orchestration: `${baseUrl}/heat-api/v1`,
    compute: `${baseUrl}/compute/v2.1`,
    image: `${baseUrl}/image`,
  };
}

/**
 * The `catalog` of a project-scoped token (Identity API v3, "Password authentication with
 * scoped authorization" response): one public endpoint per service.
 */
export function buildCatalog(urls: ServiceUrls, projectId: string, region: string): object[] {
  const services: CatalogService[] = [
    { type: 'identity', name: 'keystone', url: urls.identity },
    { type: 'orchestration', name: 'heat', url: `${urls.orchestration}/${projectId}` },
    { type: 'compute', name: 'nova', url: urls.compute },
    { type: 'image', name: 'glance', url: urls.image },
  ];
  return services.map((service) => ({
    id: stableHexId(`service:${service.type}`),
    type: service.type,
    name: service.name,
    endpoints: [
      {
        id: stableHexId(`endpoint:${service.type}:${region}`),
        interface: 'public',
        region,
        region_id: region,
        url: service.url,
      },
    ],
  }));
}
