/** A Nova flavour a stack created (OS::Nova::Flavor); flavours the template names but no stack made are taken as the cloud's own. */
export interface FlavorRecord {
  readonly id: string;
  name: string;
  ram: number;
  vcpus: number;
  disk: number;
  isPublic: boolean;
  extraSpecs: Record<string, string>;
}

export class FlavorRegistry {
  private readonly flavors = new Map<string, FlavorRecord>();

  add(flavor: FlavorRecord): void {
    this.flavors.set(flavor.id, flavor);
  }

  get(id: string): FlavorRecord | undefined {
    return this.flavors.get(id);
  }

  remove(id: string): void {
    this.flavors.delete(id);
  }

  clear(): void {
    this.flavors.clear();
  }

  all(): FlavorRecord[] {
    return [...this.flavors.values()];
  }

  /** A flavour by id, or by name when the name is unique (how Heat resolves a server's `flavor`). */
  findByIdOrName(idOrName: string): FlavorRecord | undefined {
    const byId = this.flavors.get(idOrName);
    if (byId !== undefined) return byId;
    const named = this.all().filter((flavor) => flavor.name === idOrName);
    return named.length === 1 ? named[0] : undefined;
  }
}
