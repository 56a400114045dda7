import { haproxySection, haproxyServerOf, type HaproxySectionRef } from '@vnfm/vm-cluster';

/** The backend install_k8s_cluster.sh gives HAProxy on every master of several, behind the VIP (`server  master<N>  <ip>:6443 check` per master). */
const API_SERVER_BACKEND: HaproxySectionRef = { keyword: 'backend', name: 'kubernetes-apiserver' };
/** Port of each master's kube-apiserver behind HAProxy. */
const API_SERVER_PORT = 6443;

const serverName = (line: string) => haproxyServerOf(line)?.name;

/** The line range [start, end) of the API server backend's body, or undefined when the file has none. */
function backendBody(lines: readonly string[]): { start: number; end: number } | undefined {
  const section = haproxySection(lines, API_SERVER_BACKEND);
  return section && { start: section.start + 1, end: section.end };
}

/**
 * /etc/haproxy/haproxy.cfg of a master without the server `name` in the API
 * server backend (Tacker's heal_start deletes the healed master's line on the
 * others); undefined when it is not there.
 */
export function withoutApiServer(config: string, name: string): string | undefined {
  const lines = config.split('\n');
  const body = backendBody(lines);
  if (!body) return undefined;
  const kept = lines.filter((line, index) => index < body.start || index >= body.end || serverName(line) !== name);
  return kept.length === lines.length ? undefined : kept.join('\n');
}

/**
 * The same with `server  <name>  <ip>:6443 check` after the backend's last
 * server (Tacker's heal_end adds the new master there); a line of that name
 * with another address is replaced; undefined when the file already has it,
 * or has no such backend (a single master runs no HAProxy).
 */
export function withApiServer(config: string, name: string, ip: string): string | undefined {
  const line = `    server  ${name}  ${ip}:${API_SERVER_PORT} check`;
  const lines = config.split('\n');
  const body = backendBody(lines);
  if (!body) return undefined;
  const section = lines.slice(body.start, body.end);
  if (section.some((existing) => existing === line)) return undefined;
  const others = section.filter((existing) => serverName(existing) !== name);
  const lastServer = others.map((existing) => serverName(existing) !== undefined).lastIndexOf(true);
  const lastContent = others.map((existing) => existing.trim() !== '').lastIndexOf(true);
  const at = lastServer >= 0 ? lastServer + 1 : lastContent + 1;
  const next = [...others.slice(0, at), line, ...others.slice(at)];
  return [...lines.slice(0, body.start), ...next, ...lines.slice(body.end)].join('\n');
}
