import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import type { AppError } from '@vnfm/contracts';
import { VIM_REGISTRY_MESSAGES, type ResolveVimConnectionInfoReply } from '@vnfm/vim-domain';
import { ensureK8s, K8S_UP_TIMEOUT_MS, type K8sControlPlane } from '../../../../../e2e/support/k8s';
import { CredentialsHarness } from '../../testing/cluster-credentials/credentials-harness';
import { makeCa, signCert, TestReceiver } from '../../testing/cluster-credentials/test-receiver';

jest.setTimeout(180_000);

const CLUSTER = 'workload-cc';
const SECRET = `${CLUSTER}-kubeconfig`;

/** A TCP port nothing listens on (taken and given back). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Every file under `dir` whose bytes hold `needle` (the embedded stores' segments, indexes, ...). */
function filesHolding(dir: string, needle: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => {
    const full = join(dir, path);
    return statSync(full).isFile() && readFileSync(full).includes(needle);
  });
}

/**
 * Cluster API's kubeconfig of a workload cluster: the cluster's CA and a
 * client certificate of `kubernetes-admin` (system:masters), as CAPI's
 * kubeadm control plane writes it. The "workload cluster" is the test API
 * server, its client certificate signed by that server's CA.
 */
function capiKubeconfig(cp: K8sControlPlane, dir: string): { kubeconfig: string; keyData: string } {
  const pki = join(dirname(cp.kubeconfig), 'pki');
  const { cert, key } = signCert(
    dir,
    join(pki, 'ca'),
    'workload-admin',
    '/O=system:masters/CN=kubernetes-admin',
    'extendedKeyUsage=clientAuth',
  );
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const keyData = b64(key);
  const kubeconfig = [
    'apiVersion: v1',
    'clusters:',
    '- cluster:',
    `    certificate-authority-data: ${b64(cp.caPem)}`,
    `    server: ${cp.authUrl}`,
    `  name: ${CLUSTER}`,
    'contexts:',
    '- context:',
    `    cluster: ${CLUSTER}`,
    `    user: ${CLUSTER}-admin`,
    `  name: ${CLUSTER}-admin@${CLUSTER}`,
    `current-context: ${CLUSTER}-admin@${CLUSTER}`,
    'kind: Config',
    'preferences: {}',
    'users:',
    `- name: ${CLUSTER}-admin`,
    '  user:',
    `    client-certificate-data: ${b64(cert)}`,
    `    client-key-data: ${keyData}`,
    '',
  ].join('\n');
  return { kubeconfig, keyData };
}

/** The cluster-credentials MgmtDriver against the test API server (the management cluster), the real vim-registry and an HTTPS receiver of the test. */
describe('cluster-credentials MgmtDriver (tools/k8s)', () => {
  let cp: K8sControlPlane;
  let harness: CredentialsHarness;
  let receiver: TestReceiver;
  let url: string;
  let core: CoreV1Api;
  let workload: { kubeconfig: string; keyData: string };
  let vimToken = 'no VIM token read';
  const token = `rcv-${randomBytes(12).toString('hex')}`;
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const params = (receiver: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
    cluster_kubeconfig: { receiver: { url, ...receiver }, ...more },
  });
  const bearer = () => ({ ca_cert: receiver.caPem, bearer_token: token });

  const createSecret = () =>
    core.createNamespacedSecret({
      namespace: cp.namespace,
      body: {
        metadata: { name: SECRET, labels: { 'cluster.x-k8s.io/cluster-name': CLUSTER } },
        type: 'cluster.x-k8s.io/secret',
        data: { value: Buffer.from(workload.kubeconfig).toString('base64') },
      },
    });
  const deleteSecret = () => core.deleteNamespacedSecret({ namespace: cp.namespace, name: SECRET }).catch(() => undefined);
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('the hook did not fail');
      },
      (error: AppError) => error,
    );

  beforeAll(async () => {
    cp = await ensureK8s();
    harness = new CredentialsHarness();
    await harness.start(cp);
    receiver = new TestReceiver(harness.dataDir);
    url = await receiver.start();
    workload = capiKubeconfig(cp, harness.dataDir);
    const admin = new KubeConfig();
    admin.loadFromFile(cp.kubeconfig);
    core = admin.makeApiClient(CoreV1Api);
    await deleteSecret();
    await createSecret();
  }, K8S_UP_TIMEOUT_MS);

  afterAll(async () => {
    await deleteSecret();
    await receiver?.stop();
    await harness?.dispose();
  });

  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
  });

  it('instantiate_end: the kubeconfig of the one Cluster of the manifests arrives byte for byte, with the bearer token; outputs name the delivery only', async () => {
    const outputs = await harness.run('instantiate_end', {
      'lcm-kubernetes-def-files': ['Files/kubernetes/workload-cluster.yaml'],
      ...params(bearer()),
    });

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/clusters',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    const body = JSON.parse(request.body.toString('utf8')) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['clusterName', 'kubeconfig', 'vnfInstanceId']);
    expect(body).toMatchObject({ vnfInstanceId: harness.vnfInstanceId, clusterName: CLUSTER });
    expect(Buffer.from(body['kubeconfig'], 'utf8').equals(Buffer.from(workload.kubeconfig, 'utf8'))).toBe(true);
    expect(outputs).toEqual({
      'cluster-credentials': {
        clusterName: CLUSTER,
        secret: `${cp.namespace}/${SECRET}`,
        receiver: url,
        attempts: 1,
        deliveredAt: expect.any(String),
      },
    });
  });

  it('a receiver answering 503 twice is tried again with back-off and gets it the third time (HTTP Basic, the CA read from the package)', async () => {
    harness.addPackageFile('Files/receiver-ca.pem', receiver.caPem);
    receiver.answers.push(503, 503);
    const started = Date.now();
    const outputs = await harness.run(
      'heal_end',
      params({ ca_cert_path: './Files/receiver-ca.pem', username: 'clusters', password }, { cluster_name: CLUSTER }),
    );

    expect(receiver.received).toHaveLength(3);
    const basic = `Basic ${Buffer.from(`clusters:${password}`).toString('base64')}`;
    for (const request of receiver.received) expect(request.headers['authorization']).toBe(basic);
    expect(new Set(receiver.received.map((request) => request.body.toString('utf8'))).size).toBe(1);
    // 0.5 s then 1 s between the attempts.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    expect(outputs?.['cluster-credentials']).toMatchObject({ attempts: 3 });
  });

  it("change_current_package_end sends again with the change request's cluster_kubeconfig in place of the instantiation's", async () => {
    const changed = params({ ca_cert: receiver.caPem, username: 'changed', password }, { cluster_name: CLUSTER });
    const outputs = await harness.run(
      'change_current_package_end',
      params({ ca_cert: receiver.caPem, bearer_token: token }, { cluster_name: CLUSTER }),
      undefined,
      { vnfdId: 'release-2', additionalParams: changed },
    );

    expect(receiver.received.map((request) => request.headers['authorization'])).toEqual([
      `Basic ${Buffer.from(`changed:${password}`).toString('base64')}`,
    ]);
    expect(outputs?.['cluster-credentials']).toMatchObject({ clusterName: CLUSTER, attempts: 1 });
  });

  it('a receiver not listening yet (connection refused) is tried again until it is', async () => {
    const later = new TestReceiver(harness.dataDir);
    const port = await freePort();
    const laterUrl = `https://127.0.0.1:${port}/late`;
    const running = harness.run('heal_end', {
      cluster_kubeconfig: { cluster_name: CLUSTER, receiver: { url: laterUrl, ca_cert: later.caPem, bearer_token: token } },
    });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await later.start(port);
    try {
      const outputs = await running;
      expect(later.received).toHaveLength(1);
      expect((outputs?.['cluster-credentials'] as { attempts: number }).attempts).toBeGreaterThanOrEqual(2);
    } finally {
      await later.stop();
    }
  });

  it('a 401 fails the hook at once with the status, and nothing of what was sent (the receiver echoes it) in the error', async () => {
    receiver.answers.push(401);
    const error = await failure(harness.run('instantiate_end', params(bearer(), { cluster_name: CLUSTER })));

    expect(error).toMatchObject({ code: 'KUBECONFIG_RECEIVER_REFUSED', status: 502, detail: expect.stringContaining('HTTP 401') });
    expect(receiver.received).toHaveLength(1);
    for (const secret of [workload.keyData, token, workload.kubeconfig]) expect(JSON.stringify(error)).not.toContain(secret);
  });

  it('a receiver whose certificate does not chain to the given CA gets nothing', async () => {
    const otherCa = makeCa(harness.dataDir, 'other-ca');
    const error = await failure(
      harness.run('instantiate_end', params({ ca_cert: otherCa, bearer_token: token }, { cluster_name: CLUSTER })),
    );

    expect(error).toMatchObject({ code: 'KUBECONFIG_RECEIVER_UNTRUSTED', status: 502, detail: expect.stringContaining(url) });
    expect(receiver.received).toHaveLength(0);
  });

  it('a Secret that Cluster API writes later is waited for; one that never comes fails the hook at its deadline naming it', async () => {
    await deleteSecret();
    const timeout = await failure(harness.run('instantiate_end', params(bearer(), { cluster_name: CLUSTER }), AbortSignal.timeout(2_500)));
    expect(timeout).toMatchObject({
      code: 'CLUSTER_KUBECONFIG_NOT_FOUND',
      status: 504,
      detail: expect.stringContaining(`Secret ${cp.namespace}/${SECRET}`),
    });
    expect(receiver.received).toHaveLength(0);

    const started = Date.now();
    const running = harness.run('instantiate_end', params(bearer(), { cluster_name: CLUSTER }));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(receiver.received).toHaveLength(0);
    await createSecret();
    await running;
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
    expect(receiver.received).toHaveLength(1);
    expect((JSON.parse(receiver.received[0].body.toString('utf8')) as { kubeconfig: string }).kubeconfig).toBe(workload.kubeconfig);
  });

  it('register_vim: the workload cluster becomes a Kubernetes VIM that is REACHABLE; a heal replaces it; terminate_end deregisters it', async () => {
    const outputs = await harness.run(
      'instantiate_end',
      params(bearer(), { cluster_name: CLUSTER, register_vim: true, vim_name: `workload-${harness.vnfInstanceId}` }),
    );
    const { vim } = outputs?.['cluster-credentials'] as { vim: { vimId: string; vimName: string; authUrl: string } };
    expect(vim).toEqual({ vimId: expect.any(String), vimName: `workload-${harness.vnfInstanceId}`, authUrl: cp.authUrl });
    expect(receiver.received).toHaveLength(1);

    const deadline = Date.now() + 30_000;
    let view = (await harness.getVim(vim.vimId)).vim as unknown as Record<string, unknown>;
    while (view['status'] !== 'REACHABLE' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      view = (await harness.getVim(vim.vimId)).vim as unknown as Record<string, unknown>;
    }
    expect(view).toMatchObject({
      name: `workload-${harness.vnfInstanceId}`,
      type: 'kubernetes',
      auth_url: cp.authUrl,
      status: 'REACHABLE',
    });
    // The service account token the VIM carries (the kubeconfig has a client certificate): sealed in the registry.
    const resolved = await harness.request<ResolveVimConnectionInfoReply>(VIM_REGISTRY_MESSAGES.resolveVimConnectionInfo, {
      vimConnectionInfo: { w: { vimId: vim.vimId, vimType: 'ETSINFV.KUBERNETES.V_1' } },
    });
    vimToken = String(resolved.vimConnectionInfo['w']?.accessInfo?.['bearer_token']);
    expect(vimToken.length).toBeGreaterThan(20);

    const healed = await harness.run('heal_end', params(bearer(), { cluster_name: CLUSTER, register_vim: true }));
    const replaced = (healed?.['cluster-credentials'] as { vim: { vimId: string } }).vim;
    expect(replaced.vimId).not.toBe(vim.vimId);
    await expect(harness.getVim(vim.vimId)).rejects.toMatchObject({ status: 404, code: 'VIM_NOT_FOUND' });

    expect(await harness.run('terminate_end', {})).toEqual({ 'cluster-credentials': null });
    await expect(harness.getVim(replaced.vimId)).rejects.toMatchObject({ status: 404, code: 'VIM_NOT_FOUND' });
  });

  it('missing or unsafe parameters are refused (422) before the management cluster or the receiver is asked', async () => {
    for (const [bad, member] of [
      [{}, 'additionalParams.cluster_kubeconfig'],
      [params({ url: url.replace('https:', 'http:'), bearer_token: token }, { cluster_name: CLUSTER }), 'allow_insecure_http'],
      [params({ bearer_token: token }, { cluster_name: CLUSTER }), 'ca_cert'],
      [params(bearer()), 'cluster_name'],
    ] as const) {
      const error = await failure(harness.run('instantiate_end', bad));
      expect(error).toMatchObject({ status: 422, detail: expect.stringContaining(member) });
      expect(JSON.stringify(error)).not.toContain(token);
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('no log line of the driver and no file of the services holds the kubeconfig, its key, the receiver token or password in clear', () => {
    expect(harness.logLines.length).toBeGreaterThan(0);
    for (const secret of [workload.keyData, token, password, workload.kubeconfig, vimToken]) {
      expect(harness.logLines.filter((line) => line.includes(secret))).toEqual([]);
      expect(
        filesHolding(harness.dataDir, secret).filter((path) => !path.startsWith('workload-admin.') && !path.startsWith('package/')),
      ).toEqual([]);
    }
  });
});
