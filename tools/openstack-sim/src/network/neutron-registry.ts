import { randomBytes } from 'node:crypto';

export interface FixedIp {
  readonly ip_address: string;
  readonly subnet_id: string;
}

export interface PortRecord {
  readonly id: string;
  readonly name: string;
  readonly networkId: string;
  readonly fixedIps: readonly FixedIp[];
  readonly macAddress: string;
}

export interface FloatingIpRecord {
  readonly id: string;
  readonly address: string;
  readonly portId?: string;
}

/**
 * Neutron objects created by stacks. Addresses that are not from the management pool come
 * from simple counters (10.0.0.0/16 for fixed IPs, 172.24.4.0/24 for floating IPs) and are
 * not reachable; only a server's first interface gets a reachable pool address.
 */
export class NeutronRegistry {
  readonly networks = new Map<string, string>();
  readonly ports = new Map<string, PortRecord>();
  readonly floatingIps = new Map<string, FloatingIpRecord>();
  private fixedCounter = 0;
  private floatingCounter = 0;

  /** A network's name when it was created by a stack, else the reference as given (an external name or id). */
  networkName(reference: string): string {
    return this.networks.get(reference) ?? reference;
  }

  nextFixedAddress(): string {
    this.fixedCounter += 1;
    return `10.0.${Math.floor(this.fixedCounter / 250)}.${(this.fixedCounter % 250) + 2}`;
  }

  nextFloatingAddress(): string {
    this.floatingCounter += 1;
    return `172.24.4.${(this.floatingCounter % 250) + 2}`;
  }

  /** A MAC with OpenStack's fa:16:3e prefix. */
  newMacAddress(): string {
    return ['fa', '16', '3e', ...Array.from(randomBytes(3), (byte) => byte.toString(16).padStart(2, '0'))].join(':');
  }

  reset(): void {
    this.networks.clear();
    this.ports.clear();
    this.floatingIps.clear();
    this.fixedCounter = 0;
    this.floatingCounter = 0;
  }
}
