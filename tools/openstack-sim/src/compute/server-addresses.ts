import type { ServerRecord } from './server-registry';

/**
 * A server's `addresses` map (Compute API v2.1, "Show Server Details": network name → list of
 * `{addr, version, OS-EXT-IPS:type, OS-EXT-IPS-MAC:mac_addr}`).
 */
export function serverAddresses(server: ServerRecord): Record<string, object[]> {
  const addresses: Record<string, object[]> = {};
  for (const nic of server.nics) {
    const entry = { addr: nic.address, version: 4, 'OS-EXT-IPS:type': 'fixed', 'OS-EXT-IPS-MAC:mac_addr': nic.macAddress };
    (addresses[nic.network] ??= []).push(entry);
  }
  return addresses;
}

/** The address the server is reached at: its first interface, which holds the pool address. */
export function managementAddress(server: ServerRecord): string {
  return server.nics[0].address;
}
