/** One network interface of a server; the first one carries the server's pool address. */
export interface ServerNic {
  /** The Neutron port behind the interface, when the template named one. */
  readonly portId?: string;
  readonly network: string;
  readonly address: string;
  readonly macAddress: string;
}

/** A Nova server as the simulator keeps it. */
export interface ServerRecord {
  readonly id: string;
  name: string;
  readonly projectId: string;
  readonly userId: string;
  flavor: string;
  /** Empty for servers booted from a volume. */
  image: string;
  metadata: Record<string, string>;
  readonly availabilityZone: string;
  readonly keyName: string | null;
  readonly nics: readonly ServerNic[];
  readonly volumeIds: readonly string[];
  readonly createdAt: Date;
  updatedAt: Date;
  /** Simulator-only: false once a fault made the server unreachable (Nova still reports it ACTIVE). */
  reachable: boolean;
  /** The Heat resource that owns the server. */
  readonly origin: { readonly stackId: string; readonly resourceName: string };
}

export class ServerRegistry {
  private readonly servers = new Map<string, ServerRecord>();

  add(server: ServerRecord): void {
    this.servers.set(server.id, server);
  }

  get(id: string): ServerRecord | undefined {
    return this.servers.get(id);
  }

  remove(id: string): ServerRecord | undefined {
    const server = this.servers.get(id);
    this.servers.delete(id);
    return server;
  }

  clear(): void {
    this.servers.clear();
  }

  all(): ServerRecord[] {
    return [...this.servers.values()];
  }

  /** A server by id, or by name when the name is unique. */
  findByIdOrName(idOrName: string): ServerRecord | undefined {
    const byId = this.servers.get(idOrName);
    if (byId !== undefined) return byId;
    const named = this.all().filter((server) => server.name === idOrName);
    return named.length === 1 ? named[0] : undefined;
  }

  /** The interface a port is plugged into, if a live server uses it. */
  nicOfPort(portId: string): ServerNic | undefined {
    for (const server of this.servers.values()) {
      const nic = server.nics.find((candidate) => candidate.portId === portId);
      if (nic !== undefined) return nic;
    }
    return undefined;
  }
}
