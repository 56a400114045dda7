import { isRecord } from '@vnfm/util';
import type { ClusterErrors } from './cluster-errors';

/** `k8s_cluster_installation_param` member listing the Docker private registries every node connects to (tacker-specs "cir-k8s-cluster"). */
export const REGISTRY_CONNECTIONS_PARAM = 'private_registry_connection_info';

/**
 * One registry connection: `http` (connection_type 0) becomes one of Docker's
 * insecure registries, `https` (1) trusts the package's CA file; a login when
 * both username and password are given; `hostsString` is a line of /etc/hosts.
 */
export interface RegistryConnection {
  type: 'http' | 'https';
  /** host[:port], as Docker names the registry (e.g. 192.168.0.10:5000). */
  server: string;
  username?: string;
  password?: string;
  /** Package path of the CA certificate (a leading `./` is dropped). */
  certificatePath?: string;
  hostsString?: string;
}

type Json = Record<string, unknown>;

function text(entry: Json, key: string, path: string, errors: ClusterErrors): string | undefined {
  const value = entry[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw errors.invalidParams(`${path}.${key} must be a string.`);
  if (/[\0\r\n]/.test(value)) throw errors.invalidParams(`${path}.${key} must be a single line.`);
  return value;
}

function connection(entry: unknown, path: string, errors: ClusterErrors): RegistryConnection {
  if (!isRecord(entry)) throw errors.invalidParams(`${path} must be an object.`);
  const type = String(entry['connection_type'] ?? '');
  if (type !== '0' && type !== '1')
    throw errors.invalidParams(
      `${path}.connection_type must be 0 (HTTP) or 1 (HTTPS), not ${JSON.stringify(entry['connection_type'] ?? null)}.`,
    );
  const server = text(entry, 'server', path, errors);
  // A registry name as Docker takes it: a host name or address, an optional port; it is also a directory name under /etc/docker/certs.d.
  if (!server || !/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?)(:\d{1,5})?$/.test(server))
    throw errors.invalidParams(
      `${path}.server must be a registry host with an optional port, such as 192.168.0.10:5000, not ${JSON.stringify(entry['server'] ?? null)}.`,
    );
  const username = text(entry, 'username', path, errors);
  const password = text(entry, 'password', path, errors);
  if ((username === undefined) !== (password === undefined))
    throw errors.invalidParams(`${path} must give both username and password to log in, or neither.`);
  if (username?.startsWith('-')) throw errors.invalidParams(`${path}.username must not start with '-'.`);
  const certificatePath = text(entry, 'certificate_path', path, errors)?.replace(/^(\.\/)+/, '');
  if (certificatePath !== undefined && (certificatePath.startsWith('/') || certificatePath.split('/').includes('..')))
    throw errors.invalidParams(`${path}.certificate_path must be a path inside the VNF package.`);
  const hostsString = text(entry, 'hosts_string', path, errors)?.trim();
  if (hostsString !== undefined && !/^[0-9a-fA-F:.]+\s+\S/.test(hostsString))
    throw errors.invalidParams(`${path}.hosts_string must be "<IP address> <FQDN>", not ${JSON.stringify(hostsString)}.`);
  return { type: type === '0' ? 'http' : 'https', server, username, password, certificatePath, hostsString };
}

/** `private_registry_connection_info` of the cluster parameter (0..N); each wrong member named by its path. */
export function readRegistryConnections(value: unknown, path: string, errors: ClusterErrors): RegistryConnection[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw errors.invalidParams(`${path} must be a list.`);
  return value.map((entry, index) => connection(entry, `${path}[${index}]`, errors));
}

/**
 * Docker's /etc/docker/daemon.json with these servers among its
 * `insecure-registries`, every other key kept (dockerd(8) "Daemon
 * configuration file"); `undefined` when nothing changes. An empty or missing
 * file is `{}`; a file that is not a JSON object is not overwritten.
 */
export function mergeInsecureRegistries(current: string, servers: readonly string[], errors: ClusterErrors): string | undefined {
  let config: unknown = {};
  if (current.trim() !== '') {
    try {
      config = JSON.parse(current);
    } catch {
      throw errors.invalidParams(
        'The node holds an /etc/docker/daemon.json that is not JSON; it is left as it is rather than overwritten.',
      );
    }
  }
  if (!isRecord(config))
    throw errors.invalidParams(
      'The node holds an /etc/docker/daemon.json that is not a JSON object; it is left as it is rather than overwritten.',
    );
  const existing = Array.isArray(config['insecure-registries']) ? (config['insecure-registries'] as unknown[]) : [];
  const missing = servers.filter((server, index) => !existing.includes(server) && servers.indexOf(server) === index);
  if (missing.length === 0) return undefined;
  return `${JSON.stringify({ ...config, 'insecure-registries': [...existing, ...missing] }, null, 2)}\n`;
}

/** Where Docker looks for a registry's CA (dockerd(8): /etc/docker/certs.d/<host:port>/ca.crt). */
export const registryCaPath = (server: string) => `/etc/docker/certs.d/${server}/ca.crt`;
