/**
 * `/etc/haproxy/haproxy.cfg` as Tacker's cluster scripts write it and its
 * MgmtDrivers change it (kubespray's install_external_lb.sh on the external
 * load balancer, kubeadm's install_k8s_cluster.sh on each master behind the
 * VIP): sections found by their keyword and name, their `server` lines.
 */

/** Where HAProxy reads its configuration (Debian's and Ubuntu's haproxy package). */
export const HAPROXY_CONFIG = '/etc/haproxy/haproxy.cfg';

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

/** A section by its keyword and name (`backend kubernetes-nodeport`). */
export interface HaproxySectionRef {
  keyword: string;
  name: string;
}

interface HaproxySection extends HaproxySectionRef {
  /** Index of the section's first line (its keyword's), and of the line after its last. */
  start: number;
  end: number;
}

/** A `server` line: the server's name, its address without the port, and what follows (`check`, ...). */
export interface HaproxyServer {
  name: string;
  address: string;
  options: string;
}

export const haproxyWords = (line: string) => line.trim().split(/\s+/).filter(Boolean);
/** The lines of the text; the newline ending the last one is not a line of its own. */
export const haproxyLines = (config: string) => (config.endsWith('\n') ? config.slice(0, -1) : config).split('\n');
/** The lines as text again, ending with a newline when `like` does. */
export const haproxyText = (lines: readonly string[], like: string) => `${lines.join('\n')}${like.endsWith('\n') ? '\n' : ''}`;

/** The sections of the lines, in file order; what comes before the first is in none. */
export function haproxySections(lines: readonly string[]): HaproxySection[] {
  const sections: HaproxySection[] = [];
  lines.forEach((line, index) => {
    const [keyword, name = ''] = haproxyWords(line);
    if (keyword === undefined || !SECTION_KEYWORDS.has(keyword)) return;
    const last = sections.at(-1);
    if (last) last.end = index;
    sections.push({ keyword, name, start: index, end: lines.length });
  });
  return sections;
}

const isHaproxySection = (section: HaproxySectionRef, ref: HaproxySectionRef) =>
  section.keyword === ref.keyword && section.name === ref.name;

/** The first section of that keyword and name; undefined when the lines have none. */
export function haproxySection(lines: readonly string[], ref: HaproxySectionRef): HaproxySection | undefined {
  return haproxySections(lines).find((section) => isHaproxySection(section, ref));
}

/** The configuration without these sections (every one of each name); the text as it was when there is none. */
export function withoutHaproxySections(config: string, refs: readonly HaproxySectionRef[]): string {
  const lines = haproxyLines(config);
  const dropped = haproxySections(lines).filter((section) => refs.some((ref) => isHaproxySection(section, ref)));
  if (dropped.length === 0) return config;
  return haproxyText(
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

/** The server a `server <name> <address>[:port] [options]` line declares; undefined for any other line. */
export function haproxyServerOf(line: string): HaproxyServer | undefined {
  const [keyword, name, address, ...options] = haproxyWords(line);
  if (keyword !== 'server' || name === undefined || address === undefined) return undefined;
  return { name, address: hostOf(address), options: options.join(' ') };
}
