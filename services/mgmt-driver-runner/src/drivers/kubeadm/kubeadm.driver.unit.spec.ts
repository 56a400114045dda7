import { Readable } from 'node:stream';
import type { HookArtifact, HookContext } from '@vnfm/contracts';
import { seedClusterParam, TEST_CA } from '@vnfm/kubeadm/testing';
import type { ServiceRuntime } from '@vnfm/platform';
import { vnfcOf } from '@vnfm/vm-cluster/testing';
import { SecretMask } from '../../ssh/secret-mask';
import type { RemoteSession, RemoteShell, RunOptions, RunResult, SshTarget } from '../../ssh/remote-shell';
import { KubeadmDriver } from './kubeadm.driver';

const TOKEN = 'abcdef.0123456789abcdef';
const CERT_KEY = 'c'.repeat(64);
const HOSTILE = `pa'ss"$(reboot)\n`;
const HAPROXY = [
  'backend kubernetes-apiserver',
  '    mode        tcp',
  '    server  master11  10.0.0.11:6443 check',
  '    server  master12  10.0.0.12:6443 check',
  '    server  master13  10.0.0.13:6443 check',
  'listen stats',
  '',
].join('\n');

/** A cluster as the driver sees it over SSH: which nodes kubectl lists; every command and file recorded per host, outputs masked as a session masks them. */
class FakeCluster implements RemoteShell {
  readonly steps: string[] = [];
  readonly files = new Map<string, string>();
  readonly masks = new Map<string, string[]>();
  nodes = new Set<string>();
  failInstallOn?: string;
  /** What the masters' `kubectl version --client -o json` prints (nothing: a current kubectl is assumed). */
  kubectlVersion = '';
  /** What each `kubectl apply -f -` was given. */
  readonly applied: string[] = [];

  async open(target: SshTarget, _signal: AbortSignal, secrets: readonly string[]): Promise<RemoteSession> {
    const host = `${target.username}@${target.host}`;
    this.masks.set(host, [...secrets]);
    const mask = new SecretMask([...secrets]);
    const answer = (argv: readonly string[]): RunResult => {
      const line = argv.join(' ');
      const ok = (stdout = '') => ({ code: 0, stdout, stderr: '' });
      if (line.startsWith('sudo sh -c command -v kubectl')) {
        const name = argv.at(-1) ?? '';
        return this.nodes.size === 0 ? { code: 100, stdout: '', stderr: '' } : ok(this.nodes.has(name) ? `node/${name}` : '');
      }
      if (line.includes('install_k8s_cluster.sh')) {
        if (this.failInstallOn === target.host)
          return {
            code: 255,
            stdout: `+ kubeadm join\nInstall Failed! The node does not exist in Kubernetes cluster.\n`,
            stderr: `+ set_hosts\n[preflight] token ${TOKEN} is invalid\n`,
          };
        const name = argv.includes('-w') ? `worker${argv[argv.indexOf('-w') + 1]?.split('.')[3]}` : `master${target.host.split('.')[3]}`;
        this.nodes.add(name);
        return ok('Install Success!');
      }
      if (argv[0] === 'sudo' && argv[1] === 'install') {
        this.files.set(`${target.host}:${argv.at(-1)}`, this.files.get(`${target.host}:${argv.at(-2)}`) ?? '');
        return ok();
      }
      if (line === 'sudo kubeadm token create') return ok(`${TOKEN}\n`);
      if (line === 'sudo cat /etc/kubernetes/pki/ca.crt') return ok(TEST_CA.pem);
      if (line.startsWith('sudo kubeadm init phase upload-certs')) return ok(`[upload-certs] Using certificate key:\n${CERT_KEY}\n`);
      if (line === 'sudo cat /etc/hosts') return ok(this.files.get(`${target.host}:/etc/hosts`) ?? '127.0.0.1 localhost\n');
      if (line === 'sudo cat /etc/haproxy/haproxy.cfg') return ok(this.files.get(`${target.host}:/etc/haproxy/haproxy.cfg`) ?? HAPROXY);
      if (line.includes('config view')) return ok('https://10.0.0.100:16443');
      if (line.includes('version --client -o json')) return ok(this.kubectlVersion);
      if (line.includes('create token')) return ok('sa-token');
      if (line.includes('get secret vnfm-kubeadm-token')) return ok(Buffer.from('secret-bound-token').toString('base64'));
      if (line.includes('member list'))
        return ok(
          ['11', '12', '13']
            .map((n) => `8e9e05c521646${n}0, started, master${n}, https://10.0.0.${n}:2380, https://10.0.0.${n}:2379, false`)
            .join('\n'),
        );
      if (line.includes('get node')) return ok(this.nodes.has(argv[argv.indexOf('node') + 1] ?? '') ? 'node/x' : '');
      return ok();
    };
    return {
      run: async (argv: readonly string[], options?: RunOptions) => {
        this.steps.push(`${host} ${argv.join(' ')}`);
        if (argv.includes('apply') && typeof options?.stdin === 'string') this.applied.push(options.stdin);
        const result = answer(argv);
        const masked = { code: result.code, stdout: mask.apply(result.stdout), stderr: mask.apply(result.stderr) };
        if (result.code !== 0 && !options?.allowFailure) throw new Error(`${argv.join(' ')} failed`);
        return masked;
      },
      put: async (content: string | Buffer | NodeJS.ReadableStream, path: string) => {
        const text = typeof content === 'string' || Buffer.isBuffer(content) ? content.toString() : 'stream';
        this.files.set(`${target.host}:${path}`, text);
        this.steps.push(`${host} put ${path}`);
      },
      close: async () => undefined,
    };
  }
}

const m = (n: number) => vnfcOf(`m${n}`, 'masterNode', { masterNode_CP1: `10.0.0.${n}` });
const w = (n: number) => vnfcOf(`w${n}`, 'workerNode', { workerNode_CP2: `10.0.0.${n}` });
const noProxy: Record<string, unknown> = { ...seedClusterParam(), proxy: undefined, private_registry_connection_info: undefined };
const single = {
  k8s_cluster_installation_param: { ...noProxy, worker_node: { ...(noProxy['worker_node'] as object), password: HOSTILE } },
};
const ha = {
  k8s_cluster_installation_param: {
    ...noProxy,
    master_node: { ...(noProxy['master_node'] as object), cluster_cp_name: 'vip_CP', cluster_ip: '10.0.0.100' },
  },
};

function context(
  hook: string,
  additionalParams: Record<string, unknown>,
  operationParams: Record<string, unknown>,
  vnfcs: Partial<HookContext['vnfcs']>,
): HookContext {
  return {
    hook,
    operation: hook.startsWith('instantiate')
      ? 'INSTANTIATE'
      : hook.startsWith('scale')
        ? 'SCALE'
        : hook.startsWith('heal')
          ? 'HEAL'
          : 'TERMINATE',
    vnfLcmOpOccId: 'op-1',
    vnfInstanceId: 'inst-1',
    vnfdId: 'vnfd-1',
    operationParams,
    instantiation: { flavourId: 'simple', additionalParams },
    vnfcs: { removing: [], added: [], current: [], ...vnfcs },
    earlierOutputs: { kubeadm: { vimId: 'vim-old', vimName: 'v', authUrl: 'u' } },
    artifact: { name: 'mgmt', path: 'Scripts/kubernetes_mgmt.py', dependencies: [], additionalParameters: {}, vnfdId: 'vnfd-1' },
    vimConnectionInfo: {},
  };
}

async function run(cluster: FakeCluster, hook: HookContext) {
  const requests: [string, unknown][] = [];
  const bus = { request: async (type: string, payload: unknown) => (requests.push([type, payload]), {}) };
  const driver = new KubeadmDriver({ shell: cluster, runtime: { bus, logger: { info: () => undefined } } as unknown as ServiceRuntime });
  const outputs = await driver.run(
    hook,
    new AbortController().signal,
    { vimConnectionInfo: {}, open: async <T>(value: T) => value },
    {
      read: () => Readable.from([Buffer.from('#!/bin/bash')]),
    },
  );
  return { requests, outputs };
}

const on = (cluster: FakeCluster, host: string) =>
  cluster.steps.filter((step) => step.startsWith(`ubuntu@${host} `)).map((step) => step.slice(`ubuntu@${host} `.length));
const isInstall = (step: string) => /^(env .*)?bash \/tmp\/install_k8s_cluster\.sh /.test(step);
const script = (...args: string[]) => ['bash /tmp/install_k8s_cluster.sh', ...args].join(' ');

describe('the kubeadm MgmtDriver', () => {
  const artifact = (path: string, additionalParameters: Record<string, unknown> = {}): HookArtifact => ({
    name: 'mgmt',
    path,
    dependencies: [],
    additionalParameters,
    vnfdId: 'v',
  });

  it("runs Tacker's v1 and v2 sample artifacts, and any artifact whose hook names it", () => {
    const driver = new KubeadmDriver({ shell: new FakeCluster(), runtime: {} as ServiceRuntime });
    expect(driver.matches(artifact('Scripts/kubernetes_mgmt.py'))).toBe(true);
    expect(driver.matches(artifact('../Scripts/kubernetes_mgmt_v2.py'))).toBe(true);
    expect(driver.matches(artifact('Scripts/mine.py', { vnfm_mgmt_driver: 'kubeadm' }))).toBe(true);
    expect(driver.matches(artifact('Scripts/kubernetes_mgmt.py', { vnfm_mgmt_driver: 'generic' }))).toBe(false);
    expect(driver.matches(artifact('Scripts/kubespray_mgmt.py'))).toBe(false);
  });

  it("refuses Tacker's wrong parameters before the operation starts, for the hooks that read them only", () => {
    const driver = new KubeadmDriver({ shell: new FakeCluster(), runtime: {} as ServiceRuntime });
    const wrong = { k8s_cluster_installation_param: { ...noProxy, script_path: undefined } };
    for (const hook of ['instantiate_end', 'scale_start', 'scale_end', 'heal_start', 'heal_end'])
      expect(() => driver.checkParams(hook, wrong)).toThrow(expect.objectContaining({ status: 422, code: 'KUBEADM_PARAMS_INVALID' }));
    expect(() => driver.checkParams('terminate_end', wrong)).not.toThrow();
    expect(() => driver.checkParams('instantiate_end', single)).not.toThrow();
  });

  it('instantiate, one master: hosts, kubeadm init on the master, then each worker joins with a fresh token and the CA hash; the VIM replaced', async () => {
    const cluster = new FakeCluster();
    const { requests, outputs } = await run(
      cluster,
      context('instantiate_end', single, {}, { added: [m(11), w(21)], current: [m(11), w(21)] }),
    );
    expect(on(cluster, '10.0.0.11')).toEqual([
      'sudo cat /etc/hosts',
      'put .vnfm/uploads/kubeadm/_etc_hosts',
      'sudo install -D -m 644 -o root -g root .vnfm/uploads/kubeadm/_etc_hosts /etc/hosts',
      'rm -f .vnfm/uploads/kubeadm/_etc_hosts',
      expect.stringMatching(/^sudo sh -c command -v kubectl .* sh master11$/),
      'put /tmp/install_k8s_cluster.sh',
      script('-m 10.0.0.11 -i 10.0.0.11 -p 192.168.3.0/24 -a 10.199.187.0/24'),
      'sudo kubeadm token create',
      'sudo cat /etc/kubernetes/pki/ca.crt',
      expect.stringMatching(/ sh worker21$/),
      'sudo kubectl --kubeconfig /etc/kubernetes/admin.conf config view --minify -o jsonpath={.clusters[0].cluster.server}',
      'sudo cat /etc/kubernetes/pki/ca.crt',
      'sudo kubectl --kubeconfig /etc/kubernetes/admin.conf version --client -o json',
      'sudo kubectl --kubeconfig /etc/kubernetes/admin.conf apply -f -',
      'sudo kubectl --kubeconfig /etc/kubernetes/admin.conf -n kube-system create token vnfm-kubeadm --duration 8760h',
    ]);
    expect(cluster.files.get('10.0.0.21:.vnfm/uploads/kubeadm/_etc_hosts')).toBe(
      '127.0.0.1 localhost\n10.0.0.11 master11\n10.0.0.21 worker21\n',
    );
    expect(on(cluster, '10.0.0.21').filter(isInstall)).toEqual([
      `env ha_flag=False ${script(`-w 10.0.0.21 -i 10.0.0.11 -t ${TOKEN} -s ${TEST_CA.hash}`)}`,
    ]);
    expect(requests.map(([type]) => type)).toEqual(['vim-registry.deleteVim', 'vim-registry.registerVim']);
    expect(requests[1]?.[1]).toMatchObject({
      body: { vim: { type: 'kubernetes', auth_url: 'https://10.0.0.100:16443', auth_cred: { bearer_token: 'sa-token' } } },
    });
    expect(outputs).toEqual({ kubeadm: { vimId: expect.any(String), vimName: 'kubernetes_vim', authUrl: 'https://10.0.0.100:16443' } });
    // The worker's session masks the token it is given; the node passwords are masked everywhere.
    expect(cluster.masks.get('ubuntu@10.0.0.21')).toEqual(expect.arrayContaining([TOKEN, HOSTILE]));
  });

  it('instantiate, three masters: the others join the control plane behind the VIP, each with a certificate key of its own', async () => {
    const cluster = new FakeCluster();
    await run(cluster, context('instantiate_end', ha, {}, { current: [m(11), m(12), m(13), w(21)] }));
    const masters = '-m 10.0.0.11,10.0.0.12,10.0.0.13 -i 10.0.0.100 -p 192.168.3.0/24 -a 10.199.187.0/24';
    expect(on(cluster, '10.0.0.11')).toContain(script(masters));
    for (const n of [12, 13])
      expect(on(cluster, `10.0.0.${n}`).filter(isInstall)).toEqual([script(`${masters} -t ${TOKEN} -s ${TEST_CA.hash} -k ${CERT_KEY}`)]);
    expect(on(cluster, '10.0.0.11').filter((step) => step.includes('upload-certs'))).toHaveLength(2);
    expect(on(cluster, '10.0.0.21').filter(isInstall)[0]).toMatch(/^env ha_flag=True .* -w 10.0.0.21 -i 10.0.0.100 /);
    expect(cluster.masks.get('ubuntu@10.0.0.12')).toEqual(expect.arrayContaining([TOKEN, CERT_KEY]));
  });

  it('a retry installs nothing twice: nodes the cluster has are skipped, the hosts lines are there once', async () => {
    const cluster = new FakeCluster();
    const hook = context('instantiate_end', single, {}, { current: [m(11), w(21)] });
    await run(cluster, hook);
    const before = cluster.steps.filter((step) => step.includes('install_k8s_cluster')).length;
    await run(cluster, hook);
    expect(cluster.steps.filter((step) => step.includes('install_k8s_cluster'))).toHaveLength(before);
    for (const host of ['10.0.0.11', '10.0.0.21'])
      expect(cluster.files.get(`${host}:/etc/hosts`)).toBe('127.0.0.1 localhost\n10.0.0.11 master11\n10.0.0.21 worker21\n');
  });

  it('scale-in: the worker drained and deleted on a master, its hosts line dropped on the nodes that stay', async () => {
    const cluster = new FakeCluster();
    cluster.nodes = new Set(['master11', 'worker21', 'worker22']);
    cluster.files.set('10.0.0.22:/etc/hosts', '127.0.0.1 localhost\n10.0.0.11 master11\n10.0.0.21 worker21\n10.0.0.22 worker22\n');
    await run(cluster, context('scale_start', single, { type: 'SCALE_IN' }, { removing: [w(21)], current: [m(11), w(21), w(22)] }));
    expect(on(cluster, '10.0.0.11').slice(0, 3)).toEqual([
      'sudo kubectl --kubeconfig /etc/kubernetes/admin.conf get node worker21 --ignore-not-found -o name',
      'sudo kubectl --kubeconfig /etc/kubernetes/admin.conf drain worker21 --ignore-daemonsets --delete-emptydir-data --force --timeout=330s',
      'sudo kubectl --kubeconfig /etc/kubernetes/admin.conf delete node worker21 --ignore-not-found',
    ]);
    expect(cluster.files.get('10.0.0.22:.vnfm/uploads/kubeadm/_etc_hosts')).toBe(
      '127.0.0.1 localhost\n10.0.0.11 master11\n10.0.0.22 worker22\n',
    );
    expect(on(cluster, '10.0.0.21')).toEqual([]);
  });

  it('scale-out: the new worker joins; the others get its hosts line', async () => {
    const cluster = new FakeCluster();
    cluster.nodes = new Set(['master11', 'worker21']);
    await run(cluster, context('scale_end', single, { type: 'SCALE_OUT' }, { added: [w(22)], current: [m(11), w(21), w(22)] }));
    expect(on(cluster, '10.0.0.22').filter(isInstall)).toEqual([
      `env ha_flag=False ${script(`-w 10.0.0.22 -i 10.0.0.11 -t ${TOKEN} -s ${TEST_CA.hash}`)}`,
    ]);
    expect(cluster.files.get('10.0.0.21:.vnfm/uploads/kubeadm/_etc_hosts')).toBe('127.0.0.1 localhost\n10.0.0.22 worker22\n');
  });

  it("heal of a master: out of the others' HAProxy, deleted, its etcd member removed; its new VM joins the control plane and is added back", async () => {
    const cluster = new FakeCluster();
    cluster.nodes = new Set(['master11', 'master12', 'master13', 'worker21']);
    const heal = { vnfcInstanceId: ['m13'] };
    await run(cluster, context('heal_start', ha, heal, { removing: [m(13)], current: [m(11), m(12), m(13), w(21)] }));
    const exec =
      'sudo kubectl --kubeconfig /etc/kubernetes/admin.conf -n kube-system exec etcd-master11 -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key member';
    expect(on(cluster, '10.0.0.11')).toEqual(
      expect.arrayContaining([
        'sudo sh -c if [ -d /run/systemd/system ]; then systemctl reload haproxy; else service haproxy reload; fi',
        'sudo kubectl --kubeconfig /etc/kubernetes/admin.conf delete node master13 --ignore-not-found',
        `${exec} list`,
        `${exec} remove 8e9e05c521646130`,
      ]),
    );
    for (const n of [11, 12])
      expect(cluster.files.get(`10.0.0.${n}:.vnfm/uploads/kubeadm/_etc_haproxy_haproxy.cfg`)).not.toContain('master13');
    expect(on(cluster, '10.0.0.13')).toEqual([]);

    cluster.nodes.delete('master13');
    for (const n of [11, 12])
      cluster.files.set(`10.0.0.${n}:/etc/haproxy/haproxy.cfg`, HAPROXY.replace('    server  master13  10.0.0.13:6443 check\n', ''));
    await run(cluster, context('heal_end', ha, heal, { added: [m(13)], current: [m(11), m(12), m(13), w(21)] }));
    expect(on(cluster, '10.0.0.13').filter(isInstall)).toEqual([
      `env ha_flag=True ${script(`-m 10.0.0.11,10.0.0.12,10.0.0.13 -i 10.0.0.100 -p 192.168.3.0/24 -a 10.199.187.0/24 -t ${TOKEN} -s ${TEST_CA.hash} -k ${CERT_KEY}`)}`,
    ]);
    for (const n of [11, 12])
      expect(cluster.files.get(`10.0.0.${n}:.vnfm/uploads/kubeadm/_etc_haproxy_haproxy.cfg`)).toContain(
        '    server  master13  10.0.0.13:6443 check\nlisten stats',
      );
  });

  it('heal of the whole VNF: the VIM deregistered at heal_start, the cluster rebuilt at heal_end; terminate_end deregisters it whatever the parameters', async () => {
    const start = await run(new FakeCluster(), context('heal_start', single, {}, { current: [m(11)] }));
    expect(start.requests.map(([type]) => type)).toEqual(['vim-registry.deleteVim']);
    expect(start.outputs).toEqual({ kubeadm: null });
    const cluster = new FakeCluster();
    await run(cluster, context('heal_end', single, {}, { current: [m(11)] }));
    expect(on(cluster, '10.0.0.11')).toContain(script('-m 10.0.0.11 -i 10.0.0.11 -p 192.168.3.0/24 -a 10.199.187.0/24'));
    const end = await run(new FakeCluster(), context('terminate_end', {}, {}, { current: [m(11)] }));
    expect(end.outputs).toEqual({ kubeadm: null });
  });

  it("registers the VIM with the token of a token Secret where the master's kubectl predates create token (v1.20), as the kubespray driver does", async () => {
    const cluster = new FakeCluster();
    cluster.kubectlVersion = JSON.stringify({ clientVersion: { major: '1', minor: '20', gitVersion: 'v1.20.7' } });
    const { requests } = await run(cluster, context('instantiate_end', single, {}, { current: [m(11)] }));
    const steps = on(cluster, '10.0.0.11');
    expect(steps.slice(steps.indexOf('sudo kubectl --kubeconfig /etc/kubernetes/admin.conf version --client -o json'))).toEqual([
      'sudo kubectl --kubeconfig /etc/kubernetes/admin.conf version --client -o json',
      'sudo kubectl --kubeconfig /etc/kubernetes/admin.conf apply -f -',
      'sudo kubectl --kubeconfig /etc/kubernetes/admin.conf -n kube-system get secret vnfm-kubeadm-token -o jsonpath={.data.token}',
    ]);
    expect(steps.join('\n')).not.toContain('create token');
    const items = (JSON.parse(cluster.applied.at(-1) ?? '{}') as { items: Record<string, unknown>[] }).items;
    expect(items.map((item) => item['kind'])).toEqual(['ServiceAccount', 'ClusterRoleBinding', 'Secret']);
    expect(items[2]).toMatchObject({
      metadata: {
        name: 'vnfm-kubeadm-token',
        namespace: 'kube-system',
        annotations: { 'kubernetes.io/service-account.name': 'vnfm-kubeadm' },
      },
      type: 'kubernetes.io/service-account-token',
    });
    expect(requests[1]?.[1]).toMatchObject({ body: { vim: { auth_cred: { bearer_token: 'secret-bound-token' } } } });
  });

  it("a failing script fails the hook with the node, the command and the script's words, the token masked", async () => {
    const cluster = new FakeCluster();
    cluster.failInstallOn = '10.0.0.21';
    const error = await run(cluster, context('instantiate_end', single, {}, { current: [m(11), w(21), w(22)] })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ status: 502, code: 'KUBEADM_INSTALL_FAILED' });
    const detail = (error as { detail: string }).detail;
    expect(detail).toContain(
      `install_k8s_cluster.sh failed on worker21 (ubuntu@10.0.0.21) (exit code 255): env ha_flag=False bash /tmp/install_k8s_cluster.sh -w 10.0.0.21 -i 10.0.0.11 -t [SECRET] -s ${TEST_CA.hash}`,
    );
    expect(detail).toContain('Install Failed! The node does not exist in Kubernetes cluster.');
    expect(detail).toContain('[preflight] token [SECRET] is invalid');
    expect(detail).not.toContain(TOKEN);
    expect(detail).not.toContain('+ kubeadm join');
    // Nothing after the failed node.
    expect(on(cluster, '10.0.0.22')).toEqual([]);
  });

  it("connects every node's Docker and containerd to the registries after its install (seed 002's connections), the HTTP ones also given to the script", async () => {
    const cluster = new FakeCluster();
    const withRegistries = { k8s_cluster_installation_param: { ...seedClusterParam(), proxy: undefined } };
    await run(cluster, context('instantiate_end', withRegistries, {}, { current: [m(11), w(21)] }));
    for (const host of ['10.0.0.11', '10.0.0.21']) {
      const steps = on(cluster, host);
      const install = steps.findIndex(isInstall);
      const login = steps.indexOf('sudo docker login --username user01 --password-stdin registry.example.com');
      expect(install).toBeGreaterThanOrEqual(0);
      expect(login).toBeGreaterThan(install);
      expect(steps[install]).toContain('HTTP_PRIVATE_REGISTRIES="192.168.0.10:5000"');
      expect(steps).toContain('put .vnfm/uploads/kubeadm/ca.crt-registry.example.com');
      // containerd (the kubelet's runtime): a hosts.toml per registry (the CA beside the HTTPS one), the login in config.toml (root's only), restarted.
      const containerd = steps.slice(steps.indexOf('sudo sh -c command -v containerd'), login);
      expect(containerd.filter((step) => step.startsWith('sudo install '))).toEqual([
        'sudo install -D -m 644 -o root -g root .vnfm/uploads/kubeadm/hosts.toml-192.168.0.10_5000 /etc/containerd/certs.d/192.168.0.10:5000/hosts.toml',
        'sudo install -D -m 644 -o root -g root .vnfm/uploads/kubeadm/ca.crt-registry.example.com /etc/containerd/certs.d/registry.example.com/ca.crt',
        'sudo install -D -m 644 -o root -g root .vnfm/uploads/kubeadm/hosts.toml-registry.example.com /etc/containerd/certs.d/registry.example.com/hosts.toml',
        'sudo install -D -m 600 -o root -g root .vnfm/uploads/kubeadm/config.toml /etc/containerd/config.toml',
      ]);
      expect(containerd.at(-2)).toMatch(/service "\$1" restart; fi sh containerd$/);
      expect(cluster.files.get(`${host}:.vnfm/uploads/kubeadm/hosts.toml-192.168.0.10_5000`)).toContain('skip_verify = true');
      expect(cluster.files.get(`${host}:.vnfm/uploads/kubeadm/config.toml`)).toContain('password = "user01"');
    }
    expect(cluster.masks.get('ubuntu@10.0.0.21')).toContain('user01');
  });

  it('shows the proxies of a failed command masked, and a long no_proxy cut to its first entries', async () => {
    const cluster = new FakeCluster();
    cluster.failInstallOn = '10.0.0.11';
    const withProxy = { k8s_cluster_installation_param: { ...seedClusterParam(), private_registry_connection_info: undefined } };
    const error = await run(cluster, context('instantiate_end', withProxy, {}, { current: [m(11)] })).catch((caught: unknown) => caught);
    const detail = (error as { detail: string }).detail;
    expect(detail).toContain(
      'env http_proxy=http://user1:[SECRET]@host1:port1 https_proxy=https://user2:[SECRET]@host2:port2 no_proxy=192.168.246.0/24,10.0.0.1,registry.example.com,192.168.3.0/24,10.199.187.0/24,127.0.0.1,localhost,10.0.0.11,... (264 entries) bash /tmp/install_k8s_cluster.sh -m 10.0.0.11',
    );
    expect(detail).not.toContain('password1');
  });

  it("takes the logins of a v1 scale request (master_node_username / _password) over the instantiation's", async () => {
    const cluster = new FakeCluster();
    cluster.nodes = new Set(['master11', 'worker21']);
    const hook = context(
      'scale_end',
      single,
      { type: 'SCALE_OUT', additionalParams: { worker_node_username: 'vnfm', worker_node_password: 'other' } },
      {
        added: [w(22)],
        current: [m(11), w(21), w(22)],
      },
    );
    await run(cluster, hook);
    expect(cluster.steps.some((step) => step.startsWith('vnfm@10.0.0.22 '))).toBe(true);
    expect(cluster.masks.get('vnfm@10.0.0.22')).toContain('other');
  });
});
