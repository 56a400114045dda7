import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Never a subscriber: "this network" 0.0.0.0/8, link-local 169.254.0.0/16
 * (the cloud metadata service at 169.254.169.254) and fe80::/10, multicast
 * 224.0.0.0/4 and ff00::/8, reserved 240.0.0.0/4 (with the broadcast
 * address) and the unspecified ::. Private ranges and loopback stay allowed:
 * an NFVO usually lives on one.
 */
export const DEFAULT_DENIED_CIDRS = '0.0.0.0/8,169.254.0.0/16,224.0.0.0/4,240.0.0.0/4,::/128,fe80::/10,ff00::/8';

export interface CallbackPolicyOptions {
  /** Comma-separated CIDRs; when given, an address must be in one of them. */
  allowedCidrs?: string;
  /** Comma-separated CIDRs refused; DEFAULT_DENIED_CIDRS when not given, nothing when empty. */
  deniedCidrs?: string;
  /** The VNFM's own listening ports: refused on a loopback or own address (a callback to its own API). */
  ownPorts?: number[];
}

/**
 * Where the VNFM may send an HTTP request a subscriber chose (callback URI,
 * token endpoint): checked on every address the name resolves to, at
 * subscription and again for each connection (`lookup`), so a name that
 * later resolves elsewhere (DNS rebinding) is refused too.
 */
export class CallbackPolicy {
  private readonly allowed?: BlockList;
  private readonly denied: BlockList;
  private readonly own = new BlockList();
  private readonly ownPorts: Set<number>;

  constructor(options: CallbackPolicyOptions = {}) {
    this.allowed = options.allowedCidrs?.trim() ? cidrs('VNFM_CALLBACK_ALLOWED_CIDRS', options.allowedCidrs) : undefined;
    this.denied = cidrs('VNFM_CALLBACK_DENIED_CIDRS', options.deniedCidrs ?? DEFAULT_DENIED_CIDRS);
    this.ownPorts = new Set(options.ownPorts ?? []);
    this.own.addSubnet('127.0.0.0', 8, 'ipv4');
    this.own.addAddress('::1', 'ipv6');
    this.own.addAddress('0.0.0.0', 'ipv4');
    this.own.addAddress('::', 'ipv6');
    for (const address of Object.values(networkInterfaces()).flat())
      if (address) this.own.addAddress(address.address.split('%')[0], address.family === 'IPv6' ? 'ipv6' : 'ipv4');
  }

  /** The policy of a deployment's configuration (VNFM_CALLBACK_ALLOWED_CIDRS, VNFM_CALLBACK_DENIED_CIDRS, VNFM_PORT). */
  static fromConfig(config: { callbackAllowedCidrs?: string; callbackDeniedCidrs?: string; port: number }): CallbackPolicy {
    return new CallbackPolicy({
      allowedCidrs: config.callbackAllowedCidrs,
      deniedCidrs: config.callbackDeniedCidrs,
      ownPorts: [config.port],
    });
  }

  /** Why the VNFM must not connect to this address (and port), or undefined. */
  refusal(address: string, port?: number): string | undefined {
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (this.denied.check(address, type)) return `${address} is in a refused address range (VNFM_CALLBACK_DENIED_CIDRS)`;
    if (this.allowed && !this.allowed.check(address, type))
      return `${address} is outside the allowed address ranges (VNFM_CALLBACK_ALLOWED_CIDRS)`;
    if (port !== undefined && this.ownPorts.has(port) && this.own.check(address, type)) return `${address}:${port} is the VNFM's own API`;
    return undefined;
  }

  /** Why the VNFM must not send to this URI (each address its host resolves to is checked), or undefined. */
  async refusalOf(uri: string): Promise<string | undefined> {
    const url = new URL(uri);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    let addresses: LookupAddress[];
    try {
      addresses = isIP(host)
        ? [{ address: host, family: isIP(host) }]
        : await new Promise((resolve, reject) =>
            dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
          );
    } catch (error) {
      return `${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    }
    for (const { address } of addresses) {
      const refused = this.refusal(address, port);
      if (refused) return refused;
    }
    return undefined;
  }

  /** For `net.connect` / undici's `connect`: resolves as usual and fails the connection when an address is refused. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return (callback as (error: Error | null, address: LookupAddress[]) => void)(error, []);
      const refused = found.map(({ address }) => this.refusal(address)).find(Boolean);
      if (refused)
        return (callback as (error: Error | null, address: LookupAddress[]) => void)(
          Object.assign(new Error(refused), { code: 'ECALLBACKREFUSED' }),
          [],
        );
      if (options.all) return (callback as (error: Error | null, address: LookupAddress[]) => void)(null, found);
      callback(null, found[0].address, found[0].family);
    });
  };
}

function cidrs(variable: string, list: string): BlockList {
  const blocks = new BlockList();
  for (const item of list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [network, prefix] = item.split('/');
    const type = isIP(network) === 6 ? 'ipv6' : isIP(network) === 4 ? 'ipv4' : undefined;
    const bits = prefix === undefined ? (type === 'ipv6' ? 128 : 32) : Number(prefix);
    if (!type || !Number.isInteger(bits) || bits < 0 || bits > (type === 'ipv6' ? 128 : 32))
      throw new Error(`${variable}: "${item}" is not an address range (CIDR such as 10.0.0.0/8 or fd00::/8)`);
    blocks.addSubnet(network, bits, type);
  }
  return blocks;
}
