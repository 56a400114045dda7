import type { KubeadmNode } from './kubeadm-nodes';

/** Each node's line of every node's /etc/hosts (Tacker's `_get_hosts`): `<NIC address> <node name>`, masters first. */
export function hostsLines(nodes: readonly Pick<KubeadmNode, 'nicIp' | 'name'>[]): string[] {
  return nodes.map((node) => `${node.nicIp} ${node.name}`);
}

const fields = (line: string) => line.trim().split(/\s+/);
const sameEntry = (line: string, entry: string) => fields(line).join(' ') === fields(entry).join(' ');

/**
 * /etc/hosts with these lines, each once: a line already there (a retry, a
 * second hook) is not added again, every other line is kept as it is;
 * undefined when nothing changes.
 */
export function withHostsLines(current: string, lines: readonly string[]): string | undefined {
  const existing = current.split('\n');
  const missing = lines.filter((entry, index) => lines.indexOf(entry) === index && !existing.some((line) => sameEntry(line, entry)));
  if (missing.length === 0) return undefined;
  const base = current === '' || current.endsWith('\n') ? current : `${current}\n`;
  return `${base}${missing.join('\n')}\n`;
}

/** /etc/hosts without these lines (nodes that left the cluster), every other line kept; undefined when none is there. */
export function withoutHostsLines(current: string, lines: readonly string[]): string | undefined {
  const kept = current.split('\n').filter((line) => !lines.some((entry) => sameEntry(line, entry)));
  const next = kept.join('\n');
  return next === current ? undefined : next;
}
