import type { CloudState } from './cloud-state';
import type { FixedIp } from '../network/neutron-registry';
import type { ResourceRecord } from '../orchestration/stack-types';
import { newShortId, newUuid } from '../common/ids';
import { isRecord } from '../common/records';
import { BaseProvider, physicalName, type ProvisionResult, type ProvisionTarget } from './resource-provider';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** OS::Neutron::Net: registers the network so server addresses can be listed under its name. */
export class NetProvider extends BaseProvider {
  constructor(private readonly cloud: CloudState) {
    super();
  }

  create({ stack, name, properties }: ProvisionTarget): ProvisionResult {
    const id = newUuid();
    this.cloud.neutron.networks.set(id, text(properties['name']) ?? physicalName(stack, name, newShortId()));
    return { physicalId: id };
  }

  update(): void {
    // The network keeps its id and name.
  }

  delete(record: ResourceRecord): void {
    this.cloud.neutron.networks.delete(record.physicalId);
  }

  attributes(record: ResourceRecord): Record<string, unknown> {
    const name = this.cloud.neutron.networkName(record.physicalId);
    return { name, show: { id: record.physicalId, name, status: 'ACTIVE' } };
  }
}

/** OS::Neutron::Port: fixed IPs from `fixed_ips`, or a made-up internal address. */
export class PortProvider extends BaseProvider {
  constructor(private readonly cloud: CloudState) {
    super();
  }

  create({ stack, name, properties }: ProvisionTarget): ProvisionResult {
    const neutron = this.cloud.neutron;
    const requested = Array.isArray(properties['fixed_ips']) ? properties['fixed_ips'].filter(isRecord) : [];
    const entries = requested.length > 0 ? requested : [{}];
    const fixedIps: FixedIp[] = entries.map((entry) => ({
      ip_address: text(entry['ip_address']) ?? neutron.nextFixedAddress(),
      subnet_id: text(entry['subnet']) ?? text(entry['subnet_id']) ?? '',
    }));
    const id = newUuid();
    const networkId = text(properties['network']) ?? text(properties['network_id']) ?? '';
    neutron.ports.set(id, {
      id,
      name: text(properties['name']) ?? physicalName(stack, name, newShortId()),
      networkId,
      fixedIps,
      macAddress: neutron.newMacAddress(),
    });
    return { physicalId: id };
  }

  update(): void {
    // Ports keep their addresses across stack updates.
  }

  delete(record: ResourceRecord): void {
    this.cloud.neutron.ports.delete(record.physicalId);
  }

  /** While a server uses the port, its first address is the server's interface address (the pool address for the first NIC). */
  attributes(record: ResourceRecord): Record<string, unknown> {
    const port = this.cloud.neutron.ports.get(record.physicalId);
    if (port === undefined) return {};
    const nic = this.cloud.servers.nicOfPort(port.id);
    const fixedIps = port.fixedIps.map((entry, index) =>
      index === 0 && nic !== undefined ? { ...entry, ip_address: nic.address } : entry,
    );
    const view = {
      id: port.id,
      name: port.name,
      network_id: port.networkId,
      mac_address: port.macAddress,
      fixed_ips: fixedIps,
      status: 'ACTIVE',
    };
    return { ...view, show: view };
  }
}

/**
 * OS::Neutron::FloatingIP. While the associated port belongs to a server, the floating
 * address reads as the server's reachable pool address, so management IPs taken from
 * floating IPs (as the Kubernetes cluster samples do) can be reached over SSH.
 */
export class FloatingIpProvider extends BaseProvider {
  constructor(private readonly cloud: CloudState) {
    super();
  }

  create({ properties }: ProvisionTarget): ProvisionResult {
    const id = newUuid();
    const address = text(properties['floating_ip_address']) ?? this.cloud.neutron.nextFloatingAddress();
    this.cloud.neutron.floatingIps.set(id, { id, address, portId: text(properties['port_id']) });
    return { physicalId: id };
  }

  update(): void {
    // The association is fixed at creation in the simulator.
  }

  delete(record: ResourceRecord): void {
    this.cloud.neutron.floatingIps.delete(record.physicalId);
  }

  attributes(record: ResourceRecord): Record<string, unknown> {
    const floating = this.cloud.neutron.floatingIps.get(record.physicalId);
    if (floating === undefined) return {};
    const nic = floating.portId === undefined ? undefined : this.cloud.servers.nicOfPort(floating.portId);
    const view = {
      id: floating.id,
      floating_ip_address: nic?.address ?? floating.address,
      fixed_ip_address: text(record.properties['fixed_ip_address']) ?? nic?.address ?? null,
      port_id: floating.portId ?? null,
      floating_network_id: text(record.properties['floating_network']) ?? null,
    };
    return { ...view, show: view };
  }
}
