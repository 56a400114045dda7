import { createHash } from 'node:crypto';
import { isoSeconds } from '../common/timestamps';
import type { FlavorRecord } from './flavor-registry';
import { serverAddresses } from './server-addresses';
import type { ServerRecord } from './server-registry';

/** `http://host:port/compute`: Nova's root, under which `/v2.1` and bookmark links live. */
export type NovaRootUrl = string;

function links(root: NovaRootUrl, kind: string, id: string): object[] {
  return [
    { rel: 'self', href: `${root}/v2.1/${kind}/${id}` },
    { rel: 'bookmark', href: `${root}/${kind}/${id}` },
  ];
}

/** One entry of "List Servers" (Compute API v2.1): id, name, links. */
export function serverSummaryView(root: NovaRootUrl, server: ServerRecord): object {
  return { id: server.id, name: server.name, links: links(root, 'servers', server.id) };
}

/**
 * "Show Server Details" at the base 2.1 microversion (Compute API v2.1): flavor and image as
 * `{id, links}` references (image "" for a server booted from a volume), status ACTIVE.
 */
export function serverDetailView(root: NovaRootUrl, server: ServerRecord): object {
  return {
    ...serverSummaryView(root, server),
    status: 'ACTIVE',
    tenant_id: server.projectId,
    user_id: server.userId,
    metadata: server.metadata,
    hostId: createHash('sha224').update(`${server.projectId}:simulated-host`).digest('hex'),
    image: server.image === '' ? '' : { id: server.image, links: links(root, 'images', server.image).slice(1) },
    flavor: { id: server.flavor, links: links(root, 'flavors', server.flavor).slice(1) },
    created: isoSeconds(server.createdAt),
    updated: isoSeconds(server.updatedAt),
    addresses: serverAddresses(server),
    accessIPv4: '',
    accessIPv6: '',
    key_name: server.keyName,
    config_drive: '',
    progress: 0,
    security_groups: [{ name: 'default' }],
    'OS-DCF:diskConfig': 'MANUAL',
    'OS-EXT-AZ:availability_zone': server.availabilityZone,
    'OS-EXT-STS:power_state': 1,
    'OS-EXT-STS:task_state': null,
    'OS-EXT-STS:vm_state': 'active',
    'OS-SRV-USG:launched_at': isoSeconds(server.createdAt),
    'OS-SRV-USG:terminated_at': null,
    'os-extended-volumes:volumes_attached': server.volumeIds.map((id) => ({ id })),
  };
}

/** One entry of "List Flavors" (Compute API v2.1): id, name, links. */
export function flavorSummaryView(root: NovaRootUrl, flavor: FlavorRecord): object {
  return { id: flavor.id, name: flavor.name, links: links(root, 'flavors', flavor.id) };
}

/** "Show Flavor Details" at the base 2.1 microversion. */
export function flavorDetailView(root: NovaRootUrl, flavor: FlavorRecord): object {
  return {
    ...flavorSummaryView(root, flavor),
    ram: flavor.ram,
    vcpus: flavor.vcpus,
    disk: flavor.disk,
    swap: '',
    rxtx_factor: 1.0,
    'OS-FLV-EXT-DATA:ephemeral': 0,
    'OS-FLV-DISABLED:disabled': false,
    'os-flavor-access:is_public': flavor.isPublic,
  };
}
