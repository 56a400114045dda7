import { Readable } from 'node:stream';
import type { HookContext } from '@vnfm/contracts';
import { nodeName } from '@vnfm/kubespray';
import { sampleClusterParam } from '@vnfm/kubespray/testing';
import { vnfcOf } from '@vnfm/vm-cluster/testing';
import type { ServiceRuntime } from '@vnfm/platform';
import type { RemoteSession, RemoteShell, RunOptions, SshTarget } from '../../ssh/remote-shell';
import { KubesprayDriver } from './kubespray.driver';

const HOSTILE = `pa'ss"$(reboot)\n`;

const LB_CONFIG = '/etc/haproxy/haproxy.cfg';
const UPLOADED_CONFIG = '.vnfm/uploads/kubespray/haproxy.cfg';
/** The load balancer as Tacker's install_external_lb.sh -m 10.0.0.1 -w 10.0.0.2,10.0.0.3 leaves it (its `check`s omitted, as on HAProxy 2.6). */
const INSTALLED_LB = [
  'global',
  '    daemon',
  'frontend kubernetes-apiserver',
  '    bind                 *:8383',
  '    default_backend      kubernetes-apiserver',
  'backend kubernetes-apiserver',
  '    server  master1 10.0.0.1:6443 check',
  'backend kubernetes-nodeport',
  '    mode        tcp',
  '    balance     roundrobin',
  '    server  master1 10.0.0.1',
  '    server  worker2 10.0.0.2',
  '    server  worker3 10.0.0.3',
  '',
].join('\n');

/** What the driver asked of each host, in order: commands as argv, files put with their content; the LB's haproxy.cfg as its commands leave it. */
class RecordingShell implements RemoteShell {
  readonly steps: string[] = [];
  readonly files = new Map<string, string>();
  readonly masks: string[][] = [];

  constructor(public lbConfig: string | undefined = INSTALLED_LB) {}

  /** What the LB commands do to haproxy.cfg: the script appends Tacker's sections, `sudo install` puts the uploaded file in place. */
  private onLb(argv: readonly string[]): { code: number; stdout: string } {
    if (argv.includes(LB_CONFIG) && argv[1] === 'sh')
      return this.lbConfig === undefined ? { code: 3, stdout: '' } : { code: 0, stdout: this.lbConfig };
    if (argv[1] === 'install' && argv.at(-1) === LB_CONFIG) this.lbConfig = this.files.get(UPLOADED_CONFIG);
    const script = argv.findIndex((arg) => arg.endsWith('install_external_lb.sh'));
    if (script > 0 && argv[script - 1] === 'bash') {
      const [masters, workers] = [argv[script + 2] ?? '', argv[script + 4] ?? ''].map((list) => list.split(',').filter(Boolean));
      const server = (role: string, ip: string, port = '') => `    server  ${role}${ip.split('.').at(-1)} ${ip}${port}`;
      this.lbConfig = [
        this.lbConfig ?? 'global',
        'backend kubernetes-apiserver',
        ...(masters ?? []).map((ip) => server('master', ip, ':6443 check')),
        'backend kubernetes-nodeport',
        ...(masters ?? []).map((ip) => server('master', ip)),
        ...(workers ?? []).map((ip) => server('worker', ip)),
        '',
      ].join('\n');
    }
    return { code: 0, stdout: '' };
  }

  async open(target: SshTarget, _signal: AbortSignal, secrets: readonly string[]): Promise<RemoteSession> {
    this.masks.push([...secrets]);
    const host = `${target.username}@${target.host}`;
    return {
      run: async (argv: readonly string[], options?: RunOptions) => {
        this.steps.push(`${host} ${options?.cwd ? `(in ${options.cwd}) ` : ''}${argv.join(' ')}`);
        if (target.host === '10.0.0.9') return { ...this.onLb(argv), stderr: '' };
        const command = argv.join(' ');
        const stdout = command.includes('config view')
          ? 'https://127.0.0.1:6443'
          : command.includes('ca.crt')
            ? '-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----'
            : command.includes('create token')
              ? 'token-1'
              : command.includes('get node')
                ? 'node/x'
                : '';
        return { code: 0, stdout, stderr: '' };
      },
      put: async (content: string | Buffer | NodeJS.ReadableStream, path: string) => {
        const text = typeof content === 'string' || Buffer.isBuffer(content) ? content.toString() : 'stream';
        this.files.set(path, text);
        this.steps.push(`${host} put ${path}`);
      },
      close: async () => undefined,
    };
  }
}

/** The commands on the load balancer that change haproxy.cfg and restart HAProxy, as Tacker's driver does. */
const lbRewrite = [
  `ubuntu@10.0.0.9 sudo sh -c if [ -f "$1" ]; then cat "$1"; else exit 3; fi sh ${LB_CONFIG}`,
  `ubuntu@10.0.0.9 put ${UPLOADED_CONFIG}`,
  `ubuntu@10.0.0.9 sudo haproxy -c -f ${UPLOADED_CONFIG}`,
  `ubuntu@10.0.0.9 sudo install -D -m 644 -o root -g root ${UPLOADED_CONFIG} ${LB_CONFIG}`,
  `ubuntu@10.0.0.9 rm -f ${UPLOADED_CONFIG}`,
  'ubuntu@10.0.0.9 sudo systemctl restart haproxy',
  'ubuntu@10.0.0.9 sudo systemctl status haproxy --no-pager',
];

const master = vnfcOf('m1', 'masterNode', { masterNode_CP1: '10.0.0.1' });
const w1 = vnfcOf('w1', 'workerNode', { workerNode_CP2: '10.0.0.2' });
const w2 = vnfcOf('w2', 'workerNode', { workerNode_CP2: '10.0.0.3' });
const lb = vnfcOf('lb', 'externalLB', { externalLB_CP3: '10.0.0.9' });
const params = {
  k8s_cluster_installation_param: {
    ...sampleClusterParam(),
    worker_node: { ssh_cp_name: 'workerNode_CP2', username: 'ubuntu', password: HOSTILE },
  },
};

function context(
  hook: string,
  operationParams: Record<string, unknown>,
  removing = [] as (typeof w1)[],
  added = [] as (typeof w1)[],
): HookContext {
  return {
    hook,
    operation: 'SCALE',
    vnfLcmOpOccId: 'op-1',
    vnfInstanceId: 'inst-1',
    vnfdId: 'vnfd-1',
    operationParams,
    instantiation: { flavourId: 'simple', additionalParams: params },
    vnfcs: { removing, added, current: [master, w1, w2, lb] },
    earlierOutputs: { kubespray: { vimId: 'vim-1', vimName: 'v', authUrl: 'u' } },
    artifact: { name: 'mgmt', path: 'Scripts/kubespray_mgmt.py', dependencies: [], additionalParameters: {}, vnfdId: 'vnfd-1' },
    vimConnectionInfo: {},
  };
}

describe('the kubespray MgmtDriver, step by step (SSH and the bus recorded)', () => {
  const run = async (hook: HookContext, shell = new RecordingShell()) => {
    const requests: [string, unknown][] = [];
    const bus = {
      request: async (type: string, payload: unknown) => {
        requests.push([type, payload]);
        return {};
      },
    };
    const driver = new KubesprayDriver({ shell, runtime: { bus, logger: { info: () => undefined } } as unknown as ServiceRuntime });
    const secrets = { vimConnectionInfo: {}, open: async <T>(value: T) => value };
    const outputs = await driver.run(hook, new AbortController().signal, secrets, {
      read: (path: string) => Readable.from([Buffer.from(`#!/bin/bash\n# ${path}`)]),
    });
    return { shell, requests, outputs };
  };
  const inventory = '/home/ubuntu/kubespray-2.16.0/inventory/mycluster/hosts.ini';
  const playbook = (name: string, extra = '') =>
    `ansible@10.0.0.250 (in /home/ubuntu/kubespray-2.16.0) ansible-playbook -i ${inventory} --become --become-user=root ${name}${extra}`;

  it('scale-in: unroutes (its server line out of haproxy.cfg, HAProxy restarted), drains on a master, removes with remove-node.yml, then rewrites the inventory without the worker', async () => {
    const { shell, requests, outputs } = await run(context('scale_start', { type: 'SCALE_IN' }, [w1]));
    const name = nodeName('worker', 'w1');
    expect(shell.steps).toEqual([
      ...lbRewrite,
      `ubuntu@10.0.0.1 sudo kubectl --kubeconfig /etc/kubernetes/admin.conf get node ${name} --ignore-not-found -o name`,
      `ubuntu@10.0.0.1 sudo kubectl --kubeconfig /etc/kubernetes/admin.conf drain ${name} --ignore-daemonsets --delete-emptydir-data --force --timeout=330s`,
      `ansible@10.0.0.250 put ${inventory}`,
      playbook('remove-node.yml', ` -e node=${name} -e skip_confirmation=yes`),
      `ansible@10.0.0.250 put ${inventory}`,
    ]);
    expect(shell.files.get(inventory)).not.toContain(`\n${name} `);
    expect(shell.lbConfig).toBe(INSTALLED_LB.replace('    server  worker2 10.0.0.2\n', ''));
    expect(requests).toEqual([]);
    expect(outputs).toEqual({});
  });

  it('scale-in run again (a retry): the route is gone already, haproxy.cfg is not rewritten, HAProxy restarted', async () => {
    const shell = new RecordingShell(INSTALLED_LB.replace('    server  worker2 10.0.0.2\n', ''));
    await run(context('scale_start', { type: 'SCALE_IN' }, [w1]), shell);
    expect(shell.steps.filter((step) => step.startsWith('ubuntu@10.0.0.9'))).toEqual([
      lbRewrite[0],
      'ubuntu@10.0.0.9 sudo systemctl restart haproxy',
      'ubuntu@10.0.0.9 sudo systemctl status haproxy --no-pager',
    ]);
  });

  it('scale-out: the inventory with the new worker, scale.yml, then its route: a server line in backend kubernetes-nodeport', async () => {
    const shell = new RecordingShell(INSTALLED_LB.replace('    server  worker3 10.0.0.3\n', ''));
    await run(context('scale_end', { type: 'SCALE_OUT' }, [], [w2]), shell);
    expect(shell.steps).toEqual([`ansible@10.0.0.250 put ${inventory}`, playbook('scale.yml'), ...lbRewrite]);
    expect(shell.lbConfig).toBe(
      INSTALLED_LB.replace('    server  worker3 10.0.0.3\n', '').replace(
        '    server  master1 10.0.0.1\n',
        '    server  worker3 10.0.0.3\n    server  master1 10.0.0.1\n',
      ),
    );
  });

  it('scale-out on a load balancer without backend kubernetes-nodeport fails saying so, HAProxy left alone', async () => {
    const shell = new RecordingShell('global\n    daemon\n');
    await expect(run(context('scale_end', { type: 'SCALE_OUT' }, [], [w2]), shell)).rejects.toMatchObject({
      status: 502,
      code: 'EXTERNAL_LB_FAILED',
      detail: expect.stringContaining('/etc/haproxy/haproxy.cfg on the load balancer ubuntu@10.0.0.9 has no backend kubernetes-nodeport'),
    });
    expect(shell.steps.at(-1)).toBe(lbRewrite[0]);
  });

  it("instantiate: cluster.yml, the LB installed by the package's script with Tacker's -m/-w, checked, the earlier VIM replaced by one with the token read on the master", async () => {
    const shell = new RecordingShell();
    shell.lbConfig = undefined;
    const { requests, outputs } = await run(
      {
        ...context('instantiate_end', {}, [], [master, w1, w2, lb]),
        operation: 'INSTANTIATE',
      },
      shell,
    );
    expect(shell.steps.slice(0, 8)).toEqual([
      `ansible@10.0.0.250 put ${inventory}`,
      playbook('cluster.yml'),
      lbRewrite[0],
      'ubuntu@10.0.0.9 put .vnfm/uploads/kubespray/install_external_lb.sh',
      `ubuntu@10.0.0.9 env http_proxy=http://user1:password1@host1:port1 https_proxy=https://user2:password2@host2:port2 bash .vnfm/uploads/kubespray/install_external_lb.sh -m 10.0.0.1 -w ${[
        w1,
        w2,
      ]
        .sort((a, b) => nodeName('worker', a.id).localeCompare(nodeName('worker', b.id)))
        .map((w) => w.vnfcCpInfo?.[0]?.cpProtocolInfo?.[0]?.ipOverEthernet?.ipAddresses?.[0]?.addresses[0])
        .join(',')}`,
      lbRewrite[0],
      'ubuntu@10.0.0.9 sudo systemctl restart haproxy',
      'ubuntu@10.0.0.9 sudo systemctl status haproxy --no-pager',
    ]);
    expect(shell.files.get('.vnfm/uploads/kubespray/install_external_lb.sh')).toBe('#!/bin/bash\n# Scripts/install_external_lb.sh');
    expect(requests.map(([type]) => type)).toEqual(['vim-registry.deleteVim', 'vim-registry.registerVim']);
    expect(requests[1]?.[1]).toMatchObject({
      body: { vim: { type: 'kubernetes', auth_url: 'https://10.0.0.1:6443', auth_cred: { bearer_token: 'token-1' } } },
    });
    expect(outputs).toEqual({ kubespray: { vimId: expect.any(String), vimName: 'kubernetes_vim', authUrl: 'https://10.0.0.1:6443' } });
  });

  it('instantiate run again on an installed load balancer (a retry): the sections the script appends are taken out first, so they are there once', async () => {
    const shell = new RecordingShell();
    await run({ ...context('instantiate_end', {}, [], [master, w1, w2, lb]), operation: 'INSTANTIATE' }, shell);
    const lbSteps = shell.steps.filter((step) => step.startsWith('ubuntu@10.0.0.9'));
    expect(lbSteps.slice(0, 4)).toEqual([
      lbRewrite[0],
      `ubuntu@10.0.0.9 put ${UPLOADED_CONFIG}`,
      `ubuntu@10.0.0.9 sudo install -D -m 644 -o root -g root ${UPLOADED_CONFIG} ${LB_CONFIG}`,
      `ubuntu@10.0.0.9 rm -f ${UPLOADED_CONFIG}`,
    ]);
    expect(shell.lbConfig?.match(/^backend kubernetes-nodeport$/gm)).toHaveLength(1);
    expect(shell.lbConfig?.match(/^frontend kubernetes-apiserver$/gm)).toBeNull();
  });

  it('puts no password on any command line, and masks every password in every session', async () => {
    for (const hook of [context('scale_start', { type: 'SCALE_IN' }, [w1]), context('scale_end', { type: 'SCALE_OUT' }, [], [w2])]) {
      const { shell } = await run(hook);
      expect(shell.steps.join('\n')).not.toContain('ubuntu ');
      expect(shell.steps.join('\n')).not.toContain(HOSTILE);
      for (const mask of shell.masks)
        expect(mask).toEqual(expect.arrayContaining(['ansible', 'ubuntu', HOSTILE, 'password1', 'password2']));
    }
  });
  describe('with private_registry_connection_info', () => {
    const registries = [
      { connection_type: '0', server: '10.0.0.20:5000' },
      {
        connection_type: '1',
        server: 'registry.example.com',
        username: 'user01',
        password: 'registry-pass',
        certificate_path: 'Files/registries/ca.crt',
        hosts_string: '10.0.0.21 registry.example.com',
      },
    ];
    const withRegistries = (hook: HookContext): HookContext => ({
      ...hook,
      instantiation: {
        flavourId: 'simple',
        additionalParams: {
          k8s_cluster_installation_param: { ...params.k8s_cluster_installation_param, private_registry_connection_info: registries },
        },
      },
    });
    const registrySteps = (steps: string[], host: string) =>
      steps.filter((step) => step.startsWith(`ubuntu@${host} `) && /docker|containerd|ctr |hosts|certs\.d|registries/.test(step));

    it('scale-out: the connections on the new worker only, after scale.yml and before its route', async () => {
      const { shell } = await run(withRegistries(context('scale_end', { type: 'SCALE_OUT' }, [], [w2])));
      const steps = registrySteps(shell.steps, '10.0.0.3');
      const installed = (file: string, target: string, mode = '644') => [
        `ubuntu@10.0.0.3 put .vnfm/uploads/kubespray/registries/${file}`,
        `ubuntu@10.0.0.3 sudo install -D -m ${mode} -o root -g root .vnfm/uploads/kubespray/registries/${file} ${target}`,
        `ubuntu@10.0.0.3 rm -f .vnfm/uploads/kubespray/registries/${file}`,
      ];
      expect(steps).toEqual([
        // Docker
        expect.stringContaining('command -v dockerd'),
        expect.stringMatching(/^ubuntu@10\.0\.0\.3 sudo sh -c docker info .*service "\$1" start; fi; } sh docker$/),
        expect.stringContaining('until docker info'),
        `ubuntu@10.0.0.3 sudo sh -c grep -qxF -- "$1" /etc/hosts || printf "%s\\n" "$1" >> /etc/hosts sh 10.0.0.21 registry.example.com`,
        'ubuntu@10.0.0.3 sudo sh -c cat /etc/docker/daemon.json 2>/dev/null || true',
        ...installed('daemon.json', '/etc/docker/daemon.json'),
        expect.stringMatching(/service "\$1" restart; fi sh docker$/),
        expect.stringContaining('until docker info'),
        ...installed('ca.crt-registry.example.com', '/etc/docker/certs.d/registry.example.com/ca.crt'),
        // containerd: found, its config read whole (as hex), started, each registry's hosts.toml (and CA), config.toml, restarted
        'ubuntu@10.0.0.3 sudo sh -c command -v containerd',
        'ubuntu@10.0.0.3 sudo sh -c if [ -e "$1" ]; then od -An -v -tx1 -- "$1"; fi sh /etc/containerd/config.toml',
        expect.stringMatching(
          /^ubuntu@10\.0\.0\.3 sudo sh -c test -S \/run\/containerd\/containerd\.sock && ctr version .*service "\$1" start; fi; } sh containerd$/,
        ),
        expect.stringContaining('until test -S /run/containerd/containerd.sock && ctr version'),
        ...installed('hosts.toml-10.0.0.20_5000', '/etc/containerd/certs.d/10.0.0.20:5000/hosts.toml'),
        ...installed('ca.crt-registry.example.com', '/etc/containerd/certs.d/registry.example.com/ca.crt'),
        ...installed('hosts.toml-registry.example.com', '/etc/containerd/certs.d/registry.example.com/hosts.toml'),
        ...installed('config.toml', '/etc/containerd/config.toml', '600'),
        expect.stringMatching(/service "\$1" restart; fi sh containerd$/),
        expect.stringContaining('until test -S /run/containerd/containerd.sock && ctr version'),
        'ubuntu@10.0.0.3 sudo docker login --username user01 --password-stdin registry.example.com',
      ]);
      expect(shell.files.get('.vnfm/uploads/kubespray/registries/hosts.toml-10.0.0.20_5000')).toContain('skip_verify = true');
      expect(shell.files.get('.vnfm/uploads/kubespray/registries/hosts.toml-registry.example.com')).toContain(
        'ca = "/etc/containerd/certs.d/registry.example.com/ca.crt"',
      );
      expect(shell.files.get('.vnfm/uploads/kubespray/registries/config.toml')).toContain('password = "registry-pass"');
      expect(JSON.parse(shell.files.get('.vnfm/uploads/kubespray/registries/daemon.json') ?? '')).toEqual({
        'insecure-registries': ['10.0.0.20:5000'],
      });
      expect(registrySteps(shell.steps, '10.0.0.2')).toEqual([]);
      expect(shell.steps.indexOf(playbook('scale.yml'))).toBeLessThan(shell.steps.indexOf(steps[0] ?? ''));
      expect(shell.steps.slice(-2)).toEqual(lbRewrite.slice(-2));
      expect(shell.steps.join('\n')).not.toContain('registry-pass');
      for (const mask of shell.masks) expect(mask).toContain('registry-pass');
    });

    it('instantiate: the connections on every master and worker, not on the load balancer', async () => {
      const { shell } = await run(
        withRegistries({ ...context('instantiate_end', {}, [], [master, w1, w2, lb]), operation: 'INSTANTIATE' }),
      );
      for (const host of ['10.0.0.1', '10.0.0.2', '10.0.0.3'])
        expect(registrySteps(shell.steps, host)).toContain(
          `ubuntu@${host} sudo docker login --username user01 --password-stdin registry.example.com`,
        );
      expect(registrySteps(shell.steps, '10.0.0.9')).toEqual([]);
    });
  });
});
