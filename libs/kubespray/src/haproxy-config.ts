/**
 * The external load balancer's `/etc/haproxy/haproxy.cfg` as Tacker's
 * kubespray samples write and change it (samples/mgmt_driver/kubernetes/
 * kubespray: install_external_lb.sh, kubespray_mgmt.py, cnf_nodeport_setting/
 * configure_lb.sh): sections found by their keyword, the `server` lines of
 * `backend kubernetes-nodeport` (one per node, no port: HAProxy forwards to
 * the port the client dialled, the Service's NodePort on that node), the
 * `frontend <namespace>_<service>` of each exposed NodePort Service.
 */

/** The backend every NodePort frontend uses, whose servers are the cluster's nodes. */
export const NODEPORT_BACKEND = 'kubernetes-nodeport';
/** Where HAProxy reads its configuration on the load balancer (Debian's and Ubuntu's haproxy package). */
export const HAPROXY_CONFIG = '/etc/haproxy/haproxy.cfg';
/** The sections install_external_lb.sh appends: removed before it runs again, so a retry does not add them twice. */
export const INSTALLED_SECTIONS: readonly SectionRef[] = [
  { keyword: 'frontend', name: 'kubernetes-apiserver' },
  { keyword: 'backend', name: 'kubernetes-apiserver' },
  { keyword: 'backend', name: NODEPORT_BACKEND },
];

/** HAProxy's section keywords (configuration manual §2.1 and the sections later releases added). */
const SECTION_KEYWORDS = new Set([
  'global',
  'defaults',
  'frontend',
  'backend',
  'listen',
  'userlist',
  'peers',
  'resolvers',
  'mailers',
  'program',
  'http-errors',
  'ring',
  'cache',
  'log-forward',
  'crt-store',
  'traces',
]);

export interface SectionRef {
  keyword: string;
  name: string;
}

interface Section extends SectionRef {
  /** Index of the section's first line, and of the line after its last. */
  start: number;
  end: number;
}

/** A server line of the NodePort backend: the node's address, and what follows it (`check`, ...). */
export interface NodeportServer {
  name: string;
  address: string;
  options: string;
}

const wordsOf = (line: string) => line.trim().split(/\s+/).filter(Boolean);
/** The lines of the text; the newline ending the last one is not a line of its own. */
const linesOf = (config: string) => (config.endsWith('\n') ? config.slice(0, -1) : config).split('\n');
/** The lines as text again, ending with a newline when `like` does. */
const textOf = (lines: readonly string[], like: string) => `${lines.join('\n')}${like.endsWith('\n') ? '\n' : ''}`;

function sectionsOf(lines: readonly string[]): Section[] {
  const sections: Section[] = [];
  lines.forEach((line, index) => {
    const [keyword, name = ''] = wordsOf(line);
    if (keyword === undefined || !SECTION_KEYWORDS.has(keyword)) return;
    const last = sections.at(-1);
    if (last) last.end = index;
    sections.push({ keyword, name, start: index, end: lines.length });
  });
  return sections;
}

const isSection = (section: SectionRef, ref: SectionRef) => section.keyword === ref.keyword && section.name === ref.name;

/** The configuration without these sections (every one of each name); the text as it was when there is none. */
export function withoutSections(config: string, refs: readonly SectionRef[]): string {
  const lines = linesOf(config);
  const dropped = sectionsOf(lines).filter((section) => refs.some((ref) => isSection(section, ref)));
  if (dropped.length === 0) return config;
  return textOf(
    lines.filter((_, index) => !dropped.some((section) => index >= section.start && index < section.end)),
    config,
  );
}

/** The address a server line names, without the port (`10.0.0.5:6443` → `10.0.0.5`; `[fd00::5]:80` → `fd00::5`). */
function hostOf(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d*)?$/.exec(address);
  if (bracketed) return bracketed[1] as string;
  return /^[^:]+:\d*$/.test(address) ? address.slice(0, address.lastIndexOf(':')) : address;
}

function serverOf(line: string): NodeportServer | undefined {
  const [keyword, name, address, ...options] = wordsOf(line);
  if (keyword !== 'server' || name === undefined || address === undefined) return undefined;
  return { name, address: hostOf(address), options: options.join(' ') };
}

function nodeportSection(lines: readonly string[]): Section | undefined {
  return sectionsOf(lines).find((section) => isSection(section, { keyword: 'backend', name: NODEPORT_BACKEND }));
}

/** The servers of `backend kubernetes-nodeport`, in file order; undefined when the configuration has no such backend. */
export function nodeportServers(config: string): NodeportServer[] | undefined {
  const lines = linesOf(config);
  const section = nodeportSection(lines);
  if (!section) return undefined;
  return lines.slice(section.start + 1, section.end).flatMap((line) => serverOf(line) ?? []);
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
  const lines = linesOf(config);
  const section = nodeportSection(lines);
  if (!section) return undefined;
  const remove = new Set(change.remove ?? []);
  const body = lines
    .slice(section.start + 1, section.end)
    .filter((line) => !(serverOf(line) && remove.has((serverOf(line) as NodeportServer).address)));
  const kept = body.flatMap((line) => serverOf(line) ?? []);
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
  const firstServer = body.findIndex((line) => serverOf(line) !== undefined);
  // No server yet: after the last directive, before the blank lines and comments that end the section.
  const directivesEnd = body.reduce((end, line, index) => (line.trim() && !line.trim().startsWith('#') ? index + 1 : end), 0);
  const at = firstServer >= 0 ? firstServer : directivesEnd;
  body.splice(at, 0, ...added);
  return textOf([...lines.slice(0, section.start + 1), ...body, ...lines.slice(section.end)], config);
}

/** The NodePort frontends Tacker's configure_lb.sh writes: `frontend <namespace>_<service>` binding each NodePort. */
export const nodeportFrontendName = (service: { namespace: string; name: string }) => `${service.namespace}_${service.name}`;

/** The ports a frontend binds (`bind *:30422`, `bind 10.0.0.9:30422` → 30422), in file order; undefined when there is no such frontend. */
export function frontendPorts(config: string, name: string): number[] | undefined {
  const lines = linesOf(config);
  const section = sectionsOf(lines).find((candidate) => isSection(candidate, { keyword: 'frontend', name }));
  if (!section) return undefined;
  return lines.slice(section.start + 1, section.end).flatMap((line) => {
    const [keyword, address] = wordsOf(line);
    const port = keyword === 'bind' && address ? /:(\d+)$/.exec(address)?.[1] : undefined;
    return port === undefined ? [] : [Number(port)];
  });
}

/** The frontends among `names` that the configuration has, in the order they appear in it. */
export function frontendsInFileOrder(config: string, names: readonly string[]): string[] {
  return sectionsOf(linesOf(config))
    .filter((section) => section.keyword === 'frontend' && names.includes(section.name))
    .map((section) => section.name);
}
