function toNumber(address: string): number {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) {
    throw new Error(`Not an IPv4 address: ${address}`);
  }
  return parts.reduce((value, part) => value * 256 + part, 0);
}

function toAddress(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** Every IPv4 address from `first` to `last`, inclusive. */
export function addressRange(first: string, last: string): string[] {
  const start = toNumber(first);
  const end = toNumber(last);
  if (end < start) throw new Error(`Empty address range ${first}-${last}`);
  return Array.from({ length: end - start + 1 }, (_, offset) => toAddress(start + offset));
}

/**
 * The management addresses servers get, one each. Allocation takes the first free address in
 * pool order, so addresses freed by deleted servers are handed out again.
 */
export class AddressPool {
  private readonly used = new Set<string>();

  constructor(private readonly addresses: readonly string[]) {
    addresses.forEach(toNumber);
  }

  allocate(): string | undefined {
    const address = this.addresses.find((candidate) => !this.used.has(candidate));
    if (address !== undefined) this.used.add(address);
    return address;
  }

  release(address: string): void {
    this.used.delete(address);
  }

  reset(): void {
    this.used.clear();
  }

  describe(): string {
    return this.addresses.length === 0
      ? 'empty'
      : `${this.addresses[0]}-${this.addresses[this.addresses.length - 1]} (${this.addresses.length} addresses)`;
  }

  snapshot(): { readonly free: string[]; readonly used: string[] } {
    return {
      free: this.addresses.filter((address) => !this.used.has(address)),
      used: this.addresses.filter((address) => this.used.has(address)),
    };
  }
}
