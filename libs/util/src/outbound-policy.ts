import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import { buildConnector } from 'undici';

/**
 * Never a peer of the VNFM: "this network" 0.0.0.0/8, link-local
 * 169.254.0.0/16 (the cloud metadata service at 169.254.169.254) and
 * fe80::/10, multicast 224.0.0.0/4 and ff00::/8, reserved 240.0.0.0/4 (with
 * the broadcast address) and the unspecified ::. Private ranges and loopback
 * stay allowed: NFVOs, package repositories and VIMs usually live on one.
 */
export const DEFAULT_DENIED_CIDRS = '0.0.0.0/8,169.254.0.0/16,224.0.0.0/4,240.0.0.0/4,::/128,fe80::/10,ff00::/8';

/**
 * Each kind of URL the VNFM takes from a request or a registration and then
 * sends requests to, with the infix of its two settings:
 * `VNFM_<infix>_ALLOWED_CIDRS` and `VNFM_<infix>_DENIED_CIDRS` (docs/outbound.md).
 */
const OUTBOUND_USES = {
  /** LCCN subscriptions: callback URIs and OAuth 2.0 token endpoints. */
  callback: 'CALLBACK',
  /** upload_from_uri: the package URI and every redirect it takes. */
  packageUri: 'PACKAGE_URI',
  /** VIM registration: auth_url (Keystone, Kubernetes API server) and oidc_token_url. */
  vim: 'VIM',
  /** MgmtDriver receivers (the cluster-credentials driver's kubeconfig receiver). */
  mgmtReceiver: 'MGMT_RECEIVER',
} as const;
export type OutboundUse = keyof typeof OUTBOUND_USES;

/** The settings of every use, as `VnfmConfig` holds them (`vimAllowedCidrs`, `vimDeniedCidrs`, ...), and the gateway's port. */
export type OutboundSettings = { [U in OutboundUse as `${U}AllowedCidrs` | `${U}DeniedCidrs`]?: string } & { port: number };

export interface OutboundPolicyOptions {
  /** Names the settings in refusals; default `callback`. */
  use?: OutboundUse;
  /** Comma-separated CIDRs; when given, an address must be in one of them. */
  allowedCidrs?: string;
  /** Comma-separated CIDRs refused; DEFAULT_DENIED_CIDRS when not given, nothing when empty. */
  deniedCidrs?: string;
  /** The VNFM's own listening ports: refused on a loopback, unspecified or own address (a request to its own API). */
  ownPorts?: number[];
}

/** A connection the policy refused; `message` says which rule and which setting. */
class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
}

/**
 * The one canonical text of an IP address, or undefined when `host` is not
 * one: brackets and zone removed, IPv6 compressed in lower case, and an
 * IPv4-mapped IPv6 address (::ffff:a.b.c.d in any spelling) as the IPv4
 * address it reaches. IPv4 spellings (hex, octal, integer, 127.1) are
 * normalised by the WHATWG URL parser before a host gets here.
 */
export function canonicalAddress(host: string): string | undefined {
  const bare = host.replace(/^\[|\]$/g, '').split('%')[0];
  const version = isIP(bare);
  if (version === 4) return bare;
  if (version !== 6) return undefined;
  const compressed = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(compressed);
  if (!mapped) return compressed;
  const [high, low] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** The host and port a URL connects to, parsed as WHATWG `new URL()` does (as every HTTP client of the VNFM does). */
function targetOf(uri: string | URL): { host: string; port: number } {
  const url = typeof uri === 'string' ? new URL(uri) : uri;
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)) };
}

/**
 * Where the VNFM may send a request to a URL it was given (docs/outbound.md):
 * every address the host stands for is checked, before anything is sent and
 * again for each connection (`connector`), which connects only to the
 * addresses it checked, so a name that later resolves elsewhere (DNS
 * rebinding) and a redirect to a refused address are refused too.
 */
export class OutboundPolicy {
  private readonly use: OutboundUse;
  private readonly allowed?: BlockList;
  private readonly denied: BlockList;
  private readonly own = new BlockList();
  private readonly ownPorts: Set<number>;

  constructor(options: OutboundPolicyOptions = {}) {
    this.use = options.use ?? 'callback';
    this.allowed = options.allowedCidrs?.trim() ? cidrs(this.setting('ALLOWED'), options.allowedCidrs) : undefined;
    this.denied = cidrs(this.setting('DENIED'), options.deniedCidrs ?? DEFAULT_DENIED_CIDRS);
    this.ownPorts = new Set(options.ownPorts ?? []);
    this.own.addSubnet('127.0.0.0', 8, 'ipv4');
    this.own.addAddress('::1', 'ipv6');
    this.own.addAddress('0.0.0.0', 'ipv4');
    this.own.addAddress('::', 'ipv6');
    for (const address of Object.values(networkInterfaces()).flat()) {
      const canonical = address && canonicalAddress(address.address);
      if (canonical) this.own.addAddress(canonical, isIP(canonical) === 6 ? 'ipv6' : 'ipv4');
    }
  }

  /** The policy of one use from a deployment's configuration (its two settings, VNFM_PORT as the own port). */
  static fromConfig(config: OutboundSettings, use: OutboundUse): OutboundPolicy {
    return new OutboundPolicy({
      use,
      allowedCidrs: config[`${use}AllowedCidrs`],
      deniedCidrs: config[`${use}DeniedCidrs`],
      ownPorts: [config.port],
    });
  }

  /** Why the VNFM must not connect to this address (and port), or undefined. Any spelling of an IP address is taken. */
  refusal(address: string, port?: number): string | undefined {
    const canonical = canonicalAddress(address);
    if (!canonical) return `${address} is not an IP address`;
    const type = isIP(canonical) === 6 ? 'ipv6' : 'ipv4';
    if (this.denied.check(canonical, type)) return `${canonical} is in a refused address range (${this.setting('DENIED')})`;
    if (this.allowed && !this.allowed.check(canonical, type))
      return `${canonical} is outside the allowed address ranges (${this.setting('ALLOWED')})`;
    if (port !== undefined && this.ownPorts.has(port) && this.own.check(canonical, type))
      return `${type === 'ipv6' ? `[${canonical}]` : canonical}:${port} is the VNFM's own API (VNFM_PORT)`;
    return undefined;
  }

  /**
   * Why the VNFM must not send to this URI (each address its host resolves
   * to is checked, with its port), or undefined. A name that does not
   * resolve is refused, unless `unresolved: 'allow'` (a peer that may come
   * later: the connection is checked when it is made).
   */
  async refusalOf(uri: string | URL, options: { unresolved?: 'refuse' | 'allow' } = {}): Promise<string | undefined> {
    const { host, port } = targetOf(uri);
    let addresses: LookupAddress[];
    try {
      addresses = await addressesOf(host);
    } catch (error) {
      if (options.unresolved === 'allow') return undefined;
      return `${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    }
    return this.refusalOfAll(addresses, port);
  }

  /**
   * An undici connector (`new Agent({ connect: policy.connector(tls) })`)
   * that resolves each connection's host itself, refuses it
   * (OutboundRefusedError) when any address or the port is refused, and
   * opens the socket to the checked addresses only. `options` are the TLS
   * and socket options of undici's own connector.
   */
  connector(options: buildConnector.BuildOptions = {}): buildConnector.connector {
    return (target, callback) => {
      const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
      addressesOf(target.hostname.replace(/^\[|\]$/g, '')).then(
        (addresses) => {
          const refused = this.refusalOfAll(addresses, port);
          if (refused) return callback(new OutboundRefusedError(refused), null);
          buildConnector({ ...options, lookup: fixedLookup(addresses) })(target, callback);
        },
        (error: Error) => callback(error, null),
      );
    };
  }

  private refusalOfAll(addresses: LookupAddress[], port: number): string | undefined {
    return addresses.map(({ address }) => this.refusal(address, port)).find(Boolean);
  }

  private setting(kind: 'ALLOWED' | 'DENIED'): string {
    return `VNFM_${OUTBOUND_USES[this.use]}_${kind}_CIDRS`;
  }
}

/** The host itself when it is an address, else every address the system resolver gives for it. */
function addressesOf(host: string): Promise<LookupAddress[]> {
  const literal = canonicalAddress(host);
  if (literal) return Promise.resolve([{ address: literal, family: isIP(literal) }]);
  return new Promise((resolve, reject) => dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))));
}

/** A lookup that answers with addresses already resolved and checked, whatever it is asked. */
function fixedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const answer = callback as (error: Error | null, address: string | LookupAddress[], family?: number) => void;
    if (options.all) answer(null, addresses);
    else answer(null, addresses[0].address, addresses[0].family);
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
