/** An IPv4 address as a 32-bit number, or undefined when `text` is not a dotted quad of 0-255. */
export function ipv4ToNumber(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255)) return undefined;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

const numberToIpv4 = (value: number) => [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');

/** An IPv6 address as a 128-bit bigint (RFC 4291 §2.2 text forms, an embedded IPv4 tail included), or undefined. */
function ipv6ToBigInt(text: string): bigint | undefined {
  let hex = text;
  const embedded = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (embedded) {
    const v4 = ipv4ToNumber(embedded[2] ?? '');
    if (v4 === undefined) return undefined;
    hex = `${embedded[1]}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  if (!/^[0-9a-fA-F:]+$/.test(hex)) return undefined;
  const halves = hex.split('::');
  if (halves.length > 2) return undefined;
  const groups = (side: string | undefined) => (side === undefined || side === '' ? [] : side.split(':'));
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  if (![...left, ...right].every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return undefined;
  const fill = 8 - left.length - right.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return undefined;
  const words = [...left, ...Array<string>(halves.length === 2 ? fill : 0).fill('0'), ...right];
  return words.reduce((value, group) => (value << 16n) + BigInt(parseInt(group, 16)), 0n);
}

/** Whether `text` is an IPv4 or IPv6 address literal. */
export function isIpAddress(text: string): boolean {
  return ipv4ToNumber(text) !== undefined || (text.includes(':') && ipv6ToBigInt(text) !== undefined);
}

/**
 * Whether `text` is a network as Python's `ipaddress.ip_network(text)` (strict)
 * accepts it, which Tacker's kubeadm driver checks `pod_cidr` and
 * `cluster_cidr` with: an address, `/` and a prefix length, no host bits set
 * (192.168.3.0/16 is refused, 192.168.0.0/16 taken). A bare address is a /32 (/128).
 */
export function isStrictNetwork(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return false;
  const v4 = ipv4ToNumber(address);
  if (v4 !== undefined) {
    const length = prefix === undefined ? 32 : Number(prefix);
    return length <= 32 && v4 % 2 ** (32 - length) === 0;
  }
  const v6 = address.includes(':') ? ipv6ToBigInt(address) : undefined;
  if (v6 === undefined) return false;
  const length = prefix === undefined ? 128 : Number(prefix);
  return length <= 128 && v6 % (1n << BigInt(128 - length)) === 0n;
}

/**
 * Every address of an IPv4 network, network and broadcast addresses included,
 * as Python's `ipaddress.ip_network(cidr, False)` iterates them (host bits of
 * `cidr` ignored); undefined for anything else.
 */
export function ipv4NetworkAddresses(cidr: string): string[] | undefined {
  const [address = '', prefix = '32'] = cidr.split('/');
  const value = ipv4ToNumber(address);
  const length = Number(prefix);
  if (value === undefined || !/^\d{1,2}$/.test(prefix) || length > 32) return undefined;
  const size = 2 ** (32 - length);
  const first = value - (value % size);
  return Array.from({ length: size }, (_, index) => numberToIpv4(first + index));
}
