import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { get } from 'node:http';
import { request } from 'node:https';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { NODEPORT_BACKEND, nodeportServers } from '@vnfm/kubespray';
import { HAPROXY_CONFIG } from '@vnfm/vm-cluster';
import type { SshHosts } from '../../../../../e2e/support/ssh-hosts';
import { inVm } from '../private-registry/docker-vms';

const run = promisify(execFile);
/** Where tools/ansible/link-k8s.sh puts the test API server's kubectl and admin kubeconfig. */
const K8S_LINK_DIR = '/opt/vnfm-kubespray-k8s';

/** What the test kubespray playbooks recorded on a VM, read from the host side (tools/ssh-hosts README). */
export async function nodeRecord(hosts: SshHosts, ip: string): Promise<Record<string, unknown> | undefined> {
  const file = join(dirname(hosts.keyPath), 'vms', ip, 'var', 'lib', 'vnfm-vm', 'kubespray.json');
  return readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as Record<string, unknown>,
    () => undefined,
  );
}

/** HAProxy's master CLI on the load balancer VM (Debian's unit's `-S`, kept by the VMs' systemctl), asked one command. */
const MASTER_CLI = `import socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect('/run/haproxy-master.sock')
s.sendall((sys.argv[1] + '\\n').encode())
s.shutdown(socket.SHUT_WR)
out = b''
while True:
    chunk = s.recv(65536)
    if not chunk:
        break
    out += chunk
sys.stdout.write(out.decode())`;

/**
 * The NodePort routes of the load balancer VM: the server addresses of
 * `backend kubernetes-nodeport` in its /etc/haproxy/haproxy.cfg, and those
 * the running HAProxy has (`show servers state`; none when it is not running), each sorted.
 */
export async function lbNodeportRoutes(lbIp: string): Promise<{ configured: string[]; running: string[] }> {
  const config = await inVm(lbIp, ['cat', HAPROXY_CONFIG]).catch(() => '');
  const state = await inVm(lbIp, ['/usr/bin/python3', '-c', MASTER_CLI, `@1 show servers state ${NODEPORT_BACKEND}`]).catch(() => '');
  const running = state
    .split('\n')
    .map((line) => line.split(' '))
    .filter((columns) => columns[1] === NODEPORT_BACKEND)
    .map((columns) => columns[4] ?? '');
  return { configured: (nodeportServers(config) ?? []).map((server) => server.address).sort(), running: running.sort() };
}

/** The load balancer VM's haproxy.cfg. */
export const lbConfig = (lbIp: string): Promise<string> => inVm(lbIp, ['cat', HAPROXY_CONFIG]);

/**
 * Stands in for kube-proxy's NodePort listener on a node VM (the test API
 * server's nodes are kwok's: nothing there forwards a NodePort): a process
 * listening on the node's address and the NodePort, answering
 * `nodeport <port> on <node address>`. It lives until the VM restarts or `stopNodePort`.
 */
export async function serveNodePort(nodeIp: string, port: number): Promise<void> {
  const dir = `/tmp/vnfm-nodeport-${port}`;
  await inVm(nodeIp, [
    'sh',
    '-c',
    'mkdir -p "$1" && echo "nodeport $3 on $2" > "$1/index.html" && /usr/bin/python3 -m http.server --bind "$2" "$3" --directory "$1" </dev/null >/dev/null 2>&1 &',
    'sh',
    dir,
    nodeIp,
    String(port),
  ]);
  for (let attempt = 0; ; attempt++) {
    const answer = await fetch(`http://${nodeIp}:${port}/`).then(
      (response) => response.text(),
      () => undefined,
    );
    if (answer !== undefined) return;
    if (attempt > 50) throw new Error(`the NodePort stand-in on ${nodeIp}:${port} does not answer`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The body of a GET on a connection of its own (a load balancer in TCP mode picks a server per connection); rejects with the socket's error (ECONNREFUSED, ...). */
export function getOnce(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent: false, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body.trim()));
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
  });
}

export async function stopNodePort(nodeIp: string, port: number): Promise<void> {
  await inVm(nodeIp, ['pkill', '-f', `http.server --bind ${nodeIp} ${port}`]).catch(() => undefined);
}

/** kubectl on the test API server as admin. */
export async function kubectl(args: string[], stdin?: string): Promise<string> {
  const child = run(join(K8S_LINK_DIR, 'bin', 'kubectl'), ['--kubeconfig', join(K8S_LINK_DIR, 'admin.kubeconfig'), ...args], {
    encoding: 'utf8',
  });
  if (stdin !== undefined) {
    child.child.stdin?.end(stdin);
  }
  return (await child).stdout;
}

/**
 * A pod bound to `node`, in a namespace of its own named like it (a namespace
 * of another lane's test may hold a ResourceQuota), tolerating the node's
 * taints as `toleration` says: what a drain must evict.
 */
export async function placePodToDrain(name: string, node: string, toleration: Record<string, string>): Promise<void> {
  await kubectl(
    ['apply', '-f', '-'],
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'List',
      items: [
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name } },
        {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name, namespace: name },
          spec: { nodeName: node, tolerations: [toleration], containers: [{ name: 'c', image: 'busybox' }] },
        },
      ],
    }),
  );
}

/** The pod `placePodToDrain` made, as `kubectl get -o name` shows it ('' once drained); its namespace then deleted. */
export async function drainedPodLeft(name: string): Promise<string> {
  const left = (await kubectl(['get', 'pod', name, '-n', name, '--ignore-not-found', '-o', 'name'])).trim();
  await kubectl(['delete', 'namespace', name, '--wait=false']);
  return left;
}

/** GET on a Kubernetes API with a bearer token and CA, as a client of the registered VIM does. */
export function getWithToken(url: string, token: string, caPem: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', ca: caPem, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
