import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { request } from 'node:https';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { SshHosts } from '../../../../../e2e/support/ssh-hosts';

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

/** The backend servers HAProxy's stats page lists on the LB VNFC (name and address), sorted by name. */
export async function lbServers(lbIp: string): Promise<string[]> {
  const response = await fetch(`http://${lbIp}:8404/stats;csv`);
  const rows = (await response.text()).split('\n').map((line) => line.split(','));
  const header = (rows[0] ?? []).map((cell) => cell.replace(/^# /, ''));
  const column = (name: string) => header.indexOf(name);
  return rows
    .filter((row) => row[column('pxname')] === 'workers' && !['FRONTEND', 'BACKEND'].includes(row[column('svname')] ?? ''))
    .map((row) => `${row[column('svname')]} ${row[column('addr')]}`)
    .sort();
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
