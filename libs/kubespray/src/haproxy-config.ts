import {
  haproxyLines,
  haproxySection,
  haproxySections,
  haproxyServerOf,
  haproxyText,
  haproxyWords,
  type HaproxySectionRef,
  type HaproxyServer,
} from '@vnfm/vm-cluster';

/**
 * The external load balancer's `/etc/haproxy/haproxy.cfg` as Tacker's
 * kubespray samples write and change it (samples/mgmt_driver/kubernetes/
 * kubespray: install_external_lb.sh, kubespray_mgmt.py, cnf_nodeport_setting/
 * configure_lb.sh): the `server` lines of `backend kubernetes-nodeport` (one
 * per node, no port: HAProxy forwards to the port the client dialled, the
 * Service's NodePort on that node), the `frontend <namespace>_<service>` of
 * each exposed NodePort Service. Sections and server lines are read as
 * `@vnfm/vm-cluster` reads them.
 */

/** The backend every NodePort frontend uses, whose servers are the cluster's nodes. */
export const NODEPORT_BACKEND = 'kubernetes-nodeport';
/** The sections install_external_lb.sh appends: removed before it runs again, so a retry does not add them twice. */
export const INSTALLED_SECTIONS: readonly HaproxySectionRef[] = [
  { keyword: 'frontend', name: 'kubernetes-apiserver' },
  { keyword: 'backend', name: 'kubernetes-apiserver' },
  { keyword: 'backend', name: NODEPORT_BACKEND },
];

const NODEPORT_SECTION: HaproxySectionRef = { keyword: 'backend', name: NODEPORT_BACKEND };

/** The servers of `backend kubernetes-nodeport`, in file order; undefined when the configuration has no such backend. */
export function nodeportServers(config: string): HaproxyServer[] | undefined {
  const lines = haproxyLines(config);
  const section = haproxySection(lines, NODEPORT_SECTION);
  if (!section) return undefined;
  return lines.slice(section.start + 1, section.end).flatMap((line) => haproxyServerOf(line) ?? []);
}

/** Tacker's name for a worker's server line: `worker` and the last part of its address (kubespray_mgmt.py, _update_lb_config_file). */
function tackerServerName(address: string): string {
  return `worker${address.split(/[.:]/).at(-1) ?? address}`;
}

/**
 * The configuration with the NodePort backend's servers changed as Tacker's
 * kubespray MgmtDriver changes them on scale and heal: the lines of the
 * `remove` addresses dropped, a line for each `add` address inserted after
 * the backend's own directives (before its first server), named as Tacker
 * names them (`worker<last octet>`, made unique when another address has
 * that name). An address already routed keeps its line, so running the same
 * change twice gives the same text. New lines carry the options of the
 * backend's existing server lines (`check` where the installing script put
 * it), so they are what that script would have written.
 * Undefined when the configuration has no `backend kubernetes-nodeport`.
 */
export function routeNodeportServers(config: string, change: { remove?: readonly string[]; add?: readonly string[] }): string | undefined {
  const lines = haproxyLines(config);
  const section = haproxySection(lines, NODEPORT_SECTION);
  if (!section) return undefined;
  const remove = new Set(change.remove ?? []);
  const body = lines.slice(section.start + 1, section.end).filter((line) => {
    const server = haproxyServerOf(line);
    return !(server && remove.has(server.address));
  });
  const kept = body.flatMap((line) => haproxyServerOf(line) ?? []);
  const names = new Set(kept.map((server) => server.name));
  const options = kept[0]?.options ?? '';
  const added: string[] = [];
  for (const address of new Set(change.add ?? [])) {
    if (kept.some((server) => server.address === address)) continue;
    let name = tackerServerName(address);
    if (names.has(name)) name = `worker-${address.replace(/[^A-Za-z0-9]+/g, '-')}`;
    names.add(name);
    added.push(`    server  ${name} ${address.includes(':') ? `[${address}]` : address}${options ? ` ${options}` : ''}`);
  }
  const firstServer = body.findIndex((line) => haproxyServerOf(line) !== undefined);
  // No server yet: after the last directive, before the blank lines and comments that end the section.
  const directivesEnd = body.reduce((end, line, index) => (line.trim() && !line.trim().startsWith('#') ? index + 1 : end), 0);
  const at = firstServer >= 0 ? firstServer : directivesEnd;
  body.splice(at, 0, ...added);
  return haproxyText([...lines.slice(0, section.start + 1), ...body, ...lines.slice(section.end)], config);
}

/** The NodePort frontends Tacker's configure_lb.sh writes: `frontend <namespace>_<service>` binding each NodePort. */
export const nodeportFrontendName = (service: { namespace: string; name: string }) => `${service.namespace}_${service.name}`;

/** The ports a frontend binds (`bind *:30422`, `bind 10.0.0.9:30422` → 30422), in file order; undefined when there is no such frontend. */
export function frontendPorts(config: string, name: string): number[] | undefined {
  const lines = haproxyLines(config);
  const section = haproxySection(lines, { keyword: 'frontend', name });
  if (!section) return undefined;
  return lines.slice(section.start + 1, section.end).flatMap((line) => {
    const [keyword, address] = haproxyWords(line);
    const port = keyword === 'bind' && address ? /:(\d+)$/.exec(address)?.[1] : undefined;
    return port === undefined ? [] : [Number(port)];
  });
}

/** The frontends among `names` that the configuration has, in the order they appear in it. */
export function frontendsInFileOrder(config: string, names: readonly string[]): string[] {
  return haproxySections(haproxyLines(config))
    .filter((section) => section.keyword === 'frontend' && names.includes(section.name))
    .map((section) => section.name);
}
