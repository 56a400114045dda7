import { Readable } from 'node:stream';
import type { HookArtifact, HookContext } from '@vnfm/contracts';
import type { ServiceRuntime } from '@vnfm/platform';
import { toSealedMarker } from '@vnfm/util';
import type { VimConnectionInfo } from '@vnfm/vim-domain';
import type { RemoteSession, RemoteShell, RunOptions, SshTarget } from '../../ssh/remote-shell';
import { SupportedHooksController } from '../../supported-hooks.controller';
import { MgmtDriverRegistry } from '../mgmt-driver-registry';
import { CnfNodePortDriver } from './cnf-nodeport.driver';
import type { NodePortReader } from './service-node-ports';

const artifact = (path: string, additionalParameters: Record<string, unknown> = {}): HookArtifact => ({
  name: 'mgmt-drivers-cnf-nodeport',
  type: 'tosca.artifacts.Implementation.Python',
  path,
  dependencies: [],
  additionalParameters,
  vnfdId: 'vnfd-1',
});
const LB_CONFIG = '/etc/haproxy/haproxy.cfg';
const SCRIPT = '.vnfm/uploads/kubespray/configure_lb.sh';
const INSTALLED = 'global\n    daemon\nbackend kubernetes-nodeport\n    mode        tcp\n    server  worker6 10.0.0.6\n';
// Tacker's sample: the CNF's manifests and the user guide's lcm-kubernetes-external-lb.
const MANIFESTS: Record<string, string> = {
  'Files/kubernetes/deployment.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: vdu1-simple\n  namespace: default\n',
  'Files/kubernetes/service_with_nodeport.yaml':
    'apiVersion: v1\nkind: Service\nmetadata:\n  name: nginx-service\n  namespace: default\nspec:\n  type: NodePort\n  ports:\n    - port: 80\n      nodePort: 30422\n',
  'Scripts/configure_lb.sh': '#!/bin/bash\n',
};
const params = (overrides: Record<string, unknown> = {}) => ({
  'lcm-kubernetes-def-files': ['Files/kubernetes/deployment.yaml', 'Files/kubernetes/service_with_nodeport.yaml'],
  'lcm-kubernetes-external-lb': {
    script_path: 'Scripts/configure_lb.sh',
    external_lb_param: { ssh_ip: '10.0.0.9', ssh_username: 'ubuntu', ssh_password: 'lb-pass' },
    ...overrides,
  },
});
const vim: VimConnectionInfo = { vimId: 'vim-1', vimType: 'ETSINFV.KUBERNETES.V_1', extra: { namespace: 'tenant-a' } } as VimConnectionInfo;

/** The load balancer: what was run and put, and haproxy.cfg as a configure_lb.sh of Tacker's contract leaves it. */
class LoadBalancer implements RemoteShell {
  readonly steps: string[] = [];
  readonly targets: SshTarget[] = [];
  readonly masks: string[][] = [];

  constructor(public config: string | undefined = INSTALLED) {}

  private configure(argv: readonly string[]): void {
    const entries = (argv[3] ?? '').split('#').map((entry) => entry.split(','));
    if (argv[5] === 'True')
      for (const [namespace, name, ...ports] of entries)
        this.config += `frontend ${namespace}_${name}\n${ports.map((port) => `    bind *:${port}\n`).join('')}    default_backend kubernetes-nodeport\n`;
    else
      for (const [namespace, name] of entries)
        this.config = (this.config ?? '').replace(new RegExp(`frontend ${namespace}_${name}\\n(    .*\\n)*`), '');
  }

  async open(target: SshTarget, _signal: AbortSignal, secrets: readonly string[]): Promise<RemoteSession> {
    this.targets.push(target);
    this.masks.push([...secrets]);
    return {
      run: async (argv: readonly string[], _options?: RunOptions) => {
        this.steps.push(argv.join(' '));
        if (argv.includes(LB_CONFIG))
          return this.config === undefined ? { code: 3, stdout: '', stderr: '' } : { code: 0, stdout: this.config, stderr: '' };
        if (argv[1] === SCRIPT) this.configure(argv);
        return { code: 0, stdout: '', stderr: '' };
      },
      put: async (_content: string | Buffer | NodeJS.ReadableStream, path: string) => {
        this.steps.push(`put ${path}`);
      },
      close: async () => undefined,
    };
  }
}

const context = (hook: string, operationParams: Record<string, unknown> = {}, additionalParams = params()): HookContext => ({
  hook,
  operation: hook.startsWith('instantiate') ? 'INSTANTIATE' : hook.startsWith('heal') ? 'HEAL' : 'TERMINATE',
  vnfLcmOpOccId: 'op-1',
  vnfInstanceId: 'inst-1',
  vnfdId: 'vnfd-1',
  operationParams,
  instantiation: { flavourId: 'simple', additionalParams },
  vnfcs: { removing: [], added: [], current: [] },
  earlierOutputs: {},
  artifact: artifact('Scripts/cnf_nodeport_mgmt.py'),
  vimConnectionInfo: { vim1: { vimId: 'vim-1', vimType: 'ETSINFV.KUBERNETES.V_1' } },
});

describe("the CNF NodePort MgmtDriver (Tacker's cnf_nodeport_mgmt.py with configure_lb.sh)", () => {
  const asked: string[] = [];
  const nodePorts: NodePortReader = async (_vim, services) => {
    asked.push(...services.map((service) => `${service.namespace}/${service.name}`));
    return services.map((service) => ({ ...service, nodePorts: [30422, 32019] }));
  };
  const driverWith = (shell: RemoteShell) =>
    new CnfNodePortDriver({ shell, runtime: { logger: { info: () => undefined } } as unknown as ServiceRuntime }, nodePorts);
  const run = async (hook: HookContext, shell = new LoadBalancer()) => {
    const outputs = await driverWith(shell).run(
      hook,
      new AbortController().signal,
      { vimConnectionInfo: { vim1: vim }, open: async <T>(value: T) => value },
      {
        read: (path: string) => {
          const content = MANIFESTS[path];
          return content === undefined
            ? new Readable({
                read() {
                  this.destroy(new Error(`no ${path}`));
                },
              })
            : Readable.from([content]);
        },
      },
    );
    return { shell, outputs };
  };

  beforeEach(() => asked.splice(0));

  it("runs Tacker's sample artifact Scripts/cnf_nodeport_mgmt.py, and any artifact whose hook names it (vnfm_mgmt_driver: cnf-nodeport)", () => {
    const driver = driverWith(new LoadBalancer());
    expect(driver.matches(artifact('Scripts/cnf_nodeport_mgmt.py'))).toBe(true);
    expect(driver.matches(artifact('Scripts/lb.py', { vnfm_mgmt_driver: 'cnf-nodeport' }))).toBe(true);
    expect(driver.matches(artifact('Scripts/cnf_nodeport_mgmt.py', { vnfm_mgmt_driver: 'kubespray' }))).toBe(false);
    expect(driver.matches(artifact('Scripts/kubespray_mgmt.py'))).toBe(false);
  });

  it('is asked before the operation starts: a missing or wrong lcm-kubernetes-external-lb is its 422, a sealed password counts as given, scale hooks are not checked', async () => {
    const controller = new SupportedHooksController(new MgmtDriverRegistry([driverWith(new LoadBalancer())]));
    const answers = async (additionalParams: Record<string, unknown>) =>
      (
        await controller.supportedHooks({
          artifacts: ['instantiate_end', 'terminate_end', 'scale_end'].map((hook) => ({
            hook,
            artifact: artifact('Scripts/cnf_nodeport_mgmt.py'),
          })),
          additionalParams,
        })
      ).answers;
    const refused = (detail: string) => ({ code: 'CNF_NODEPORT_PARAMS_INVALID', detail: expect.stringContaining(detail) });
    expect(await answers({ 'lcm-kubernetes-def-files': [] })).toEqual([
      { hook: 'instantiate_end', driver: 'cnf-nodeport', refused: refused('additionalParams.lcm-kubernetes-external-lb is required') },
      { hook: 'terminate_end', driver: 'cnf-nodeport', refused: refused('additionalParams.lcm-kubernetes-external-lb is required') },
      { hook: 'scale_end', driver: 'cnf-nodeport' },
    ]);
    expect((await answers(params({ external_lb_param: { ssh_ip: 'lb.example', ssh_username: 'u', ssh_password: 'p' } })))[0]).toMatchObject(
      {
        refused: refused('ssh_ip must be an IP address'),
      },
    );
    const sealed = params({ external_lb_param: { ssh_ip: '10.0.0.9', ssh_username: 'u', ssh_password: toSealedMarker('a.b.c') } });
    expect((await answers(sealed)).map((answer) => answer.refused)).toEqual([undefined, undefined, undefined]);
  });

  it('instantiate_end: the NodePort Services of the manifests, read in the namespace the CNF is deployed in, get frontends through the script with -i ... -a True; HAProxy checked', async () => {
    const { shell, outputs } = await run(context('instantiate_end'));
    expect(asked).toEqual(['tenant-a/nginx-service']);
    expect(shell.targets).toEqual([{ host: '10.0.0.9', username: 'ubuntu', password: 'lb-pass', pinId: 'external-lb:10.0.0.9' }]);
    expect(shell.masks).toEqual([['lb-pass']]);
    expect(shell.steps).toEqual([
      `sudo sh -c if [ -f "$1" ]; then cat "$1"; else exit 3; fi sh ${LB_CONFIG}`,
      `put ${SCRIPT}`,
      `bash ${SCRIPT} -i tenant-a,nginx-service,30422,32019 -a True`,
      `sudo sh -c if [ -f "$1" ]; then cat "$1"; else exit 3; fi sh ${LB_CONFIG}`,
      'sudo systemctl status haproxy --no-pager',
    ]);
    expect(outputs).toEqual({ 'cnf-nodeport': { loadBalancer: '10.0.0.9', frontends: { 'tenant-a_nginx-service': [30422, 32019] } } });
  });

  it('instantiate_end run again (a retry): the frontend there is deleted first, so it is there once', async () => {
    const { shell } = await run(
      context('instantiate_end'),
      new LoadBalancer(`${INSTALLED}frontend tenant-a_nginx-service\n    bind *:30422\n`),
    );
    expect(shell.steps.filter((step) => step.startsWith('bash'))).toEqual([
      `bash ${SCRIPT} -i tenant-a,nginx-service -a False`,
      `bash ${SCRIPT} -i tenant-a,nginx-service,30422,32019 -a True`,
    ]);
    expect(shell.config?.match(/^frontend tenant-a_nginx-service$/gm)).toHaveLength(1);
  });

  it('terminate_end deletes the frontends with -a False, and run again does nothing', async () => {
    const lb = new LoadBalancer(`${INSTALLED}frontend tenant-a_nginx-service\n    bind *:30422\n`);
    expect((await run(context('terminate_end', { terminationType: 'FORCEFUL' }), lb)).outputs).toEqual({ 'cnf-nodeport': null });
    expect(lb.steps.filter((step) => step.startsWith('bash'))).toEqual([`bash ${SCRIPT} -i tenant-a,nginx-service -a False`]);
    expect(lb.config).toBe(INSTALLED);
    expect(asked).toEqual([]);
    const again = new LoadBalancer(INSTALLED);
    await run(context('terminate_end', { terminationType: 'FORCEFUL' }), again);
    expect(again.steps).toEqual([`sudo sh -c if [ -f "$1" ]; then cat "$1"; else exit 3; fi sh ${LB_CONFIG}`]);
  });

  it('a heal of the whole CNF removes at heal_start and adds at heal_end; a heal of VNFCs does nothing', async () => {
    const lb = new LoadBalancer(`${INSTALLED}frontend tenant-a_nginx-service\n    bind *:30422\n`);
    await run(context('heal_start', { cause: 'c' }), lb);
    expect(lb.config).toBe(INSTALLED);
    await run(context('heal_end', { cause: 'c' }), lb);
    expect(lb.config).toContain('frontend tenant-a_nginx-service\n    bind *:30422\n    bind *:32019\n');
    const untouched = new LoadBalancer();
    expect((await run(context('heal_end', { vnfcInstanceId: ['x'] }), untouched)).outputs).toBeUndefined();
    expect(untouched.steps).toEqual([]);
  });

  it('a terminate request naming another load balancer wins over the instantiation', async () => {
    const { shell } = await run(
      context('terminate_end', {
        additionalParams: params({ external_lb_param: { ssh_ip: '10.0.0.10', ssh_username: 'other', ssh_password: 'p2' } }),
      }),
    );
    expect(shell.targets[0]).toMatchObject({ host: '10.0.0.10', username: 'other' });
  });

  it('fails naming what is wrong: a script that leaves no frontend, a script the package lacks, a load balancer without HAProxy', async () => {
    const silent = new LoadBalancer();
    silent.open = (async (target: SshTarget, signal: AbortSignal, secrets: readonly string[]) => {
      const session = await LoadBalancer.prototype.open.call(silent, target, signal, secrets);
      return {
        ...session,
        run: async (argv: readonly string[]) => (argv[0] === 'bash' ? { code: 0, stdout: '', stderr: '' } : session.run(argv)),
      };
    }) as RemoteShell['open'];
    await expect(run(context('instantiate_end'), silent)).rejects.toMatchObject({
      status: 502,
      code: 'EXTERNAL_LB_FAILED',
      detail: expect.stringContaining('has no frontend tenant-a_nginx-service binding NodePort(s) 30422, 32019'),
    });
    await expect(run(context('instantiate_end', {}, params({ script_path: 'Scripts/missing.sh' })))).rejects.toMatchObject({
      status: 422,
      code: 'CNF_NODEPORT_PARAMS_INVALID',
      detail: expect.stringContaining('names Scripts/missing.sh, which is not a file of the VNF package'),
    });
    const bare = new LoadBalancer();
    bare.config = undefined;
    await expect(run(context('instantiate_end'), bare)).rejects.toMatchObject({
      status: 502,
      code: 'EXTERNAL_LB_FAILED',
      detail: expect.stringContaining('/etc/haproxy/haproxy.cfg does not exist on the load balancer ubuntu@10.0.0.9'),
    });
    expect(bare.steps.some((step) => step.startsWith('bash'))).toBe(false);
  });
});
