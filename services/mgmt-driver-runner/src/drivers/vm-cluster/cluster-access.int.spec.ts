import { laneVm } from '../../../../../e2e/support/lanes';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EmbeddedEventStore } from '@vnfm/event-store';
import { repoRoot } from '@vnfm/vnf-package/testing';
import { ensureK8s } from '../../../../../e2e/support/k8s';
import { ensureSshHosts, type SshHosts } from '../../../../../e2e/support/ssh-hosts';
import { HostKeyPins } from '../../ssh/host-key-pins';
import type { RemoteSession } from '../../ssh/remote-shell';
import { SshRemoteShell } from '../../ssh/ssh-remote-shell';
import { getWithToken, kubectl } from '../../testing/kubespray/cluster-probes';
import { inVm } from '../../testing/private-registry/docker-vms';
import { KUBEADM_LAYOUT } from '../kubeadm/kubeadm-session';
import { KUBESPRAY_LAYOUT } from '../kubespray/cluster-operations';
import { readClusterAccess } from './cluster-access';

// A master VM reading the test API server (tools/k8s, its kube-controller-manager's token controller included).
jest.setTimeout(300_000);
const sh = promisify(execFile);

const MASTER_VM = laneVm(14);
const TOKEN_SECRET = 'vnfm-kubespray-token';
const KUBEADM_TOKEN_SECRET = 'vnfm-kubeadm-token';
/** The claims of a service account token (a JWT), read without checking its signature: the API server checks it below. */
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/**
 * The token of a cluster's VIM, read on a master as the kubespray and kubeadm
 * MgmtDrivers do (`drivers/vm-cluster/cluster-access.ts`, each with its
 * layout): by TokenRequest (`kubectl create token`) where the master's
 * kubectl has it, else from a service-account-token Secret that
 * kube-controller-manager fills (kubespray 2.16's Kubernetes 1.20).
 */
describe('kubespray and kubeadm MgmtDrivers: the VIM token on a master, with and without kubectl create token', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vnfm-cluster-access-'));
  let hosts: SshHosts;
  let store: EmbeddedEventStore;
  let session: RemoteSession;

  beforeAll(async () => {
    await ensureK8s();
    hosts = await ensureSshHosts();
    await sh('bash', [`${repoRoot()}/tools/ansible/link-k8s.sh`]);
    await sh('bash', [`${repoRoot()}/tools/ssh-hosts/ssh-hosts.sh`, 'reset', MASTER_VM]);
    // What the test kubespray's cluster.yml gives a control plane node (tools/ansible/kubespray/playbooks/k8s-nodes.yml).
    await inVm(MASTER_VM, [
      'sh',
      '-euc',
      'mkdir -p /etc/kubernetes/ssl && ln -sf /opt/vnfm-kubespray-k8s/bin/kubectl /usr/local/bin/kubectl && ' +
        'install -m 600 /opt/vnfm-kubespray-k8s/admin.kubeconfig /etc/kubernetes/admin.conf && ' +
        'install -m 644 /opt/vnfm-kubespray-k8s/ca.crt /etc/kubernetes/ssl/ca.crt && ' +
        // ... and where kubeadm keeps the CA.
        'install -D -m 644 /opt/vnfm-kubespray-k8s/ca.crt /etc/kubernetes/pki/ca.crt',
    ]);
    store = await EmbeddedEventStore.open({ dataDir: join(dir, 'pins') });
    session = await new SshRemoteShell(new HostKeyPins(store)).open(
      { host: MASTER_VM, username: 'ubuntu', password: hosts.users['ubuntu'], pinId: `master-${randomUUID()}` },
      new AbortController().signal,
      [hosts.users['ubuntu'] ?? ''],
    );
  }, 900_000);

  afterAll(async () => {
    await inVm(MASTER_VM, ['rm', '-f', '/usr/local/sbin/kubectl']).catch(() => undefined);
    await session?.close();
    await store?.close();
    // The service accounts stay: kubespray and kubeadm specs of other lanes hold tokens of them (one test API server for all).
    await kubectl(['-n', 'kube-system', 'delete', 'secret', TOKEN_SECRET, KUBEADM_TOKEN_SECRET, '--ignore-not-found']).catch(
      () => undefined,
    );
    rmSync(dir, { recursive: true, force: true });
  });

  it('a current kubectl gets a one-year TokenRequest token; kubectl 1.20 gets the token the token controller puts in a service-account-token Secret; both answer as cluster-admin', async () => {
    const asVim = async (token: string, caPem: string) =>
      (await getWithToken('https://127.0.0.1:16443/api/v1/namespaces/kube-system/serviceaccounts/vnfm-kubespray', token, caPem)).status;

    const current = await readClusterAccess(session, KUBESPRAY_LAYOUT);
    expect(current).toMatchObject({
      server: 'https://127.0.0.1:16443',
      caPem: readFileSync('/opt/vnfm-kubespray-k8s/ca.crt', 'utf8').trim(),
    });
    const bound = claims(current.bearerToken);
    expect(bound).toMatchObject({ sub: 'system:serviceaccount:kube-system:vnfm-kubespray' });
    expect(Number(bound['exp']) - Number(bound['iat'])).toBe(365 * 24 * 3600);
    expect(await asVim(current.bearerToken, current.caPem)).toBe(200);

    // kubectl v1.20 first on sudo's PATH (src/testing/kubespray/kubectl-v1.20.sh); no token Secret yet.
    await kubectl(['-n', 'kube-system', 'delete', 'secret', TOKEN_SECRET, '--ignore-not-found', '--wait']);
    const standIn = readFileSync(join(__dirname, '..', '..', 'testing', 'kubespray', 'kubectl-v1.20.sh'), 'utf8');
    await inVm(MASTER_VM, ['sh', '-euc', 'cat >/usr/local/sbin/kubectl && chmod 755 /usr/local/sbin/kubectl'], standIn);
    expect((await session.run(['sudo', 'sh', '-c', 'command -v kubectl'])).stdout.trim()).toBe('/usr/local/sbin/kubectl');
    expect((await session.run(['sudo', 'kubectl', 'create', 'token', 'x', '--duration', '1h'], { allowFailure: true })).stderr).toContain(
      'unknown flag: --duration',
    );

    const old = await readClusterAccess(session, KUBESPRAY_LAYOUT);
    const secret = JSON.parse(await kubectl(['-n', 'kube-system', 'get', 'secret', TOKEN_SECRET, '-o', 'json'])) as {
      type: string;
      metadata: { annotations: Record<string, string> };
      data: { token: string };
    };
    expect(secret).toMatchObject({
      type: 'kubernetes.io/service-account-token',
      metadata: { annotations: { 'kubernetes.io/service-account.name': 'vnfm-kubespray' } },
    });
    // Filled by kube-controller-manager (the driver applies the Secret without data): the token the VIM carries.
    expect(Buffer.from(secret.data.token, 'base64').toString('utf8')).toBe(old.bearerToken);
    expect(claims(old.bearerToken)).toMatchObject({
      sub: 'system:serviceaccount:kube-system:vnfm-kubespray',
      'kubernetes.io/serviceaccount/secret.name': TOKEN_SECRET,
    });
    expect(await asVim(old.bearerToken, old.caPem)).toBe(200);
    // A second read (a retried hook) takes the same Secret's token.
    expect((await readClusterAccess(session, KUBESPRAY_LAYOUT)).bearerToken).toBe(old.bearerToken);
  });

  it("kubeadm's layout takes the same path: with kubectl 1.20, the vnfm-kubeadm account's token Secret, filled by the token controller; the kubeadm CA", async () => {
    await kubectl(['-n', 'kube-system', 'delete', 'secret', KUBEADM_TOKEN_SECRET, '--ignore-not-found', '--wait']);
    // The kubectl v1.20 stand-in of the test above is still first on sudo's PATH.
    expect((await session.run(['sudo', 'kubectl', 'version', '--client', '-o', 'json'])).stdout).toContain('"minor": "20"');

    const access = await readClusterAccess(session, KUBEADM_LAYOUT);
    expect(access).toMatchObject({
      server: 'https://127.0.0.1:16443',
      caPem: readFileSync('/opt/vnfm-kubespray-k8s/ca.crt', 'utf8').trim(),
    });
    const secret = JSON.parse(await kubectl(['-n', 'kube-system', 'get', 'secret', KUBEADM_TOKEN_SECRET, '-o', 'json'])) as {
      type: string;
      metadata: { annotations: Record<string, string> };
      data: { token: string };
    };
    expect(secret).toMatchObject({
      type: 'kubernetes.io/service-account-token',
      metadata: { annotations: { 'kubernetes.io/service-account.name': 'vnfm-kubeadm' } },
    });
    expect(Buffer.from(secret.data.token, 'base64').toString('utf8')).toBe(access.bearerToken);
    expect(claims(access.bearerToken)).toMatchObject({
      sub: 'system:serviceaccount:kube-system:vnfm-kubeadm',
      'kubernetes.io/serviceaccount/secret.name': KUBEADM_TOKEN_SECRET,
    });
    // cluster-admin: it reads what no namespace's role would give it.
    const nodes = await getWithToken('https://127.0.0.1:16443/api/v1/nodes', access.bearerToken, access.caPem);
    expect(nodes.status).toBe(200);
  });
});
