import { managementAddress, serverAddresses } from '../compute/server-addresses';
import type { ServerRecord } from '../compute/server-registry';
import { ResourceFailure } from '../orchestration/resource-failure';
import type { ResourceRecord } from '../orchestration/stack-types';
import type { Clock } from '../common/clock';
import { newShortId, newUuid } from '../common/ids';
import { isRecord } from '../common/records';
import type { CloudState } from './cloud-state';
import { BaseProvider, physicalName, type ProvisionResult, type ProvisionTarget } from './resource-provider';
import { buildNics } from './server-networks';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Nova metadata values are strings; Heat JSON-encodes anything else. */
function metadataOf(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeof item === 'string' ? item : JSON.stringify(item)]));
}

function volumeIdsOf(properties: Readonly<Record<string, unknown>>): string[] {
  const mappings = [properties['block_device_mapping_v2'], properties['block_device_mapping']].flatMap((list) =>
    Array.isArray(list) ? list.filter(isRecord) : [],
  );
  return mappings.flatMap((mapping) => (typeof mapping['volume_id'] === 'string' ? [mapping['volume_id']] : []));
}

/**
 * OS::Nova::Server: a Nova server whose first interface gets an address from the pool (so an
 * SSH host can answer on it). An exhausted pool fails the resource the way a scheduling failure
 * does in Nova. A flavour or image a stack or Glance holds is resolved by id or name to its id
 * (an image must be active); any other is taken as one the cloud has. Updates change name,
 * flavor, image and metadata in place (same server id).
 */
export class NovaServerProvider extends BaseProvider {
  constructor(
    private readonly cloud: CloudState,
    private readonly clock: Clock,
  ) {
    super();
  }

  create({ stack, name, properties }: ProvisionTarget): ProvisionResult {
    const flavor = this.flavorId(properties['flavor']);
    const image = this.imageId(properties['image']);
    const address = this.cloud.addressPool.allocate();
    if (address === undefined) {
      throw new ResourceFailure(
        'ResourceInError',
        `Went to status ERROR due to "Message: No valid host was found. The simulator address pool ${this.cloud.addressPool.describe()} is exhausted, Code: 500"`,
      );
    }
    const now = this.clock();
    const server: ServerRecord = {
      id: newUuid(),
      name: text(properties['name']) ?? physicalName(stack, name, newShortId()),
      projectId: stack.projectId,
      userId: stack.owner.userId,
      flavor: flavor ?? '',
      image: image ?? '',
      metadata: metadataOf(properties['metadata']),
      availabilityZone: text(properties['availability_zone']) ?? 'nova',
      keyName: text(properties['key_name']) ?? null,
      nics: buildNics(properties['networks'], address, this.cloud.neutron),
      volumeIds: volumeIdsOf(properties),
      createdAt: now,
      updatedAt: now,
      reachable: true,
      origin: { stackId: stack.id, resourceName: name },
    };
    this.cloud.servers.add(server);
    return { physicalId: server.id };
  }

  update({ properties }: ProvisionTarget, record: ResourceRecord): void {
    const server = this.cloud.servers.get(record.physicalId);
    if (server === undefined) throw new ResourceFailure('NotFound', `Instance ${record.physicalId} could not be found.`);
    server.name = text(properties['name']) ?? server.name;
    server.flavor = this.flavorId(properties['flavor']) ?? server.flavor;
    server.image = this.imageId(properties['image']) ?? server.image;
    server.metadata = metadataOf(properties['metadata']);
    server.updatedAt = this.clock();
  }

  private flavorId(ref: unknown): string | undefined {
    const given = text(ref);
    return given === undefined ? undefined : (this.cloud.flavors.findByIdOrName(given)?.id ?? given);
  }

  /** Nova boots only from an active image (ImageNotActive, HTTP 400). */
  private imageId(ref: unknown): string | undefined {
    const given = text(ref);
    const image = given === undefined ? undefined : this.cloud.images.findByIdOrName(given);
    if (image !== undefined && image.status !== 'active')
      throw new ResourceFailure('BadRequest', `Image ${image.id} is not active. (HTTP 400)`);
    return image?.id ?? given;
  }

  delete(record: ResourceRecord): void {
    const server = this.cloud.servers.remove(record.physicalId);
    if (server !== undefined) this.cloud.addressPool.release(managementAddress(server));
  }

  /** OS::Nova::Server attributes (Heat resource type reference): name, first_address, networks, addresses, show. */
  attributes(record: ResourceRecord): Record<string, unknown> {
    const server = this.cloud.servers.get(record.physicalId);
    if (server === undefined) return {};
    const networks: Record<string, string[]> = {};
    for (const nic of server.nics) (networks[nic.network] ??= []).push(nic.address);
    const addresses = serverAddresses(server);
    return {
      name: server.name,
      first_address: managementAddress(server),
      accessIPv4: '',
      accessIPv6: '',
      networks,
      addresses,
      show: { id: server.id, name: server.name, status: 'ACTIVE', addresses, metadata: server.metadata },
    };
  }
}
