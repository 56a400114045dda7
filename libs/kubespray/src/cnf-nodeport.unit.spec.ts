import type { KubeObject } from '@vnfm/kubernetes-manifests';
import { configureLbInput, nodePortServices, planNodePortHook, readNodePortLbParams } from './cnf-nodeport';
import { configureLbArgv, installLbArgv } from './external-lb';

// The instantiate request of Tacker's kubespray user guide, "Deploy CNF".
const sample = () => ({
  'lcm-kubernetes-def-files': ['Files/kubernetes/deployment.yaml', 'Files/kubernetes/service_with_nodeport.yaml'],
  'lcm-kubernetes-external-lb': {
    script_path: 'Scripts/configure_lb.sh',
    external_lb_param: { ssh_ip: '192.168.10.182', ssh_username: 'ubuntu', ssh_password: 'ubuntu' },
  },
});
const refusal = (additionalParams: unknown) => {
  try {
    readNodePortLbParams(additionalParams);
  } catch (error) {
    return error;
  }
  return undefined;
};

describe("Tacker's CNF NodePort MgmtDriver, its pure parts", () => {
  it("reads lcm-kubernetes-external-lb of Tacker's sample request", () => {
    expect(readNodePortLbParams(sample())).toEqual({
      scriptPath: 'Scripts/configure_lb.sh',
      sshIp: '192.168.10.182',
      sshUsername: 'ubuntu',
      sshPassword: 'ubuntu',
    });
  });

  it.each([
    ['missing', {}, 'additionalParams.lcm-kubernetes-external-lb is required'],
    ['not an object', { 'lcm-kubernetes-external-lb': 'x' }, 'must be an object'],
    [
      'without external_lb_param',
      { 'lcm-kubernetes-external-lb': { script_path: 'Scripts/configure_lb.sh' } },
      'external_lb_param is required',
    ],
    [
      'without script_path',
      { 'lcm-kubernetes-external-lb': { external_lb_param: sample()['lcm-kubernetes-external-lb'].external_lb_param } },
      'script_path is required',
    ],
    [
      'a script outside the package',
      { 'lcm-kubernetes-external-lb': { ...sample()['lcm-kubernetes-external-lb'], script_path: '../x.sh' } },
      'inside the VNF package',
    ],
    [
      'an ssh_ip that is no address',
      {
        'lcm-kubernetes-external-lb': {
          ...sample()['lcm-kubernetes-external-lb'],
          external_lb_param: { ssh_ip: 'lb; rm -rf /', ssh_username: 'u', ssh_password: 'p' },
        },
      },
      'ssh_ip must be an IP address',
    ],
    [
      'no password',
      {
        'lcm-kubernetes-external-lb': {
          ...sample()['lcm-kubernetes-external-lb'],
          external_lb_param: { ssh_ip: '10.0.0.9', ssh_username: 'u' },
        },
      },
      'external_lb_param.ssh_password is required',
    ],
    [
      'a user name read as an option',
      {
        'lcm-kubernetes-external-lb': {
          ...sample()['lcm-kubernetes-external-lb'],
          external_lb_param: { ssh_ip: '10.0.0.9', ssh_username: '-oProxyCommand=x', ssh_password: 'p' },
        },
      },
      "ssh_username must be a single line not starting with '-'",
    ],
  ])('refuses %s with a 422 naming the member', (_, additionalParams, detail) => {
    expect(refusal(additionalParams)).toMatchObject({
      status: 422,
      code: 'CNF_NODEPORT_PARAMS_INVALID',
      detail: expect.stringContaining(detail),
    });
  });

  it('never echoes a password it refuses', () => {
    const param = sample()['lcm-kubernetes-external-lb'];
    const error = refusal({
      'lcm-kubernetes-external-lb': { ...param, external_lb_param: { ...param.external_lb_param, ssh_password: 7 } },
    }) as Error & {
      detail: string;
    };
    expect(error.detail).toBe('additionalParams.lcm-kubernetes-external-lb.external_lb_param.ssh_password must be a string.');
  });

  it('finds the NodePort Services of the manifests, in the namespace the instance deploys in', () => {
    const objects: KubeObject[] = [
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'vdu1-simple', namespace: 'default' } },
      { apiVersion: 'v1', kind: 'Service', metadata: { name: 'nginx-service', namespace: 'kube-system' }, spec: { type: 'NodePort' } },
      { apiVersion: 'v1', kind: 'Service', metadata: { name: 'cluster-only' }, spec: { type: 'ClusterIP' } },
      { apiVersion: 'v1', kind: 'Service', metadata: { name: 'plain' }, spec: {} },
    ];
    expect(nodePortServices(objects, 'tenant-a')).toEqual([{ namespace: 'tenant-a', name: 'nginx-service' }]);
  });

  it("writes configure_lb.sh's -i as cnf_nodeport_mgmt.py does: with the ports to add, without to delete", () => {
    const services = [
      { namespace: 'default', name: 'nginx-service', nodePorts: [30422, 32019] },
      { namespace: 'kube-system', name: 'nginx-service', nodePorts: [30058] },
    ];
    expect(configureLbInput(services)).toBe('default,nginx-service,30422,32019#kube-system,nginx-service,30058');
    expect(configureLbInput(services.map(({ namespace, name }) => ({ namespace, name })))).toBe(
      'default,nginx-service#kube-system,nginx-service',
    );
    expect(configureLbArgv('/tmp/x/configure_lb.sh', 'default,nginx-service', false)).toEqual([
      'bash',
      '/tmp/x/configure_lb.sh',
      '-i',
      'default,nginx-service',
      '-a',
      'False',
    ]);
  });

  it('adds at instantiate_end and heal_end of the whole CNF, removes at terminate_end and heal_start of the whole CNF, else nothing', () => {
    expect(planNodePortHook('instantiate_end', {})).toBe('add');
    expect(planNodePortHook('terminate_end', { terminationType: 'FORCEFUL' })).toBe('remove');
    expect(planNodePortHook('heal_start', { cause: 'c' })).toBe('remove');
    expect(planNodePortHook('heal_end', {})).toBe('add');
    expect(planNodePortHook('heal_start', { vnfcInstanceId: ['a'] })).toBe('nothing');
    expect(planNodePortHook('heal_end', { vnfcInstanceId: ['a'] })).toBe('nothing');
    expect(planNodePortHook('scale_end', { type: 'SCALE_OUT' })).toBe('nothing');
    expect(planNodePortHook('instantiate_start', {})).toBe('nothing');
  });
});

describe("install_external_lb.sh's command line, as kubespray_mgmt.py runs it", () => {
  it('gives the masters with -m and the workers with -w, comma-separated', () => {
    expect(installLbArgv('/tmp/x/install_external_lb.sh', ['10.0.0.5'], ['10.0.0.6', '10.0.0.7'])).toEqual([
      'bash',
      '/tmp/x/install_external_lb.sh',
      '-m',
      '10.0.0.5',
      '-w',
      '10.0.0.6,10.0.0.7',
    ]);
  });

  it('exports the proxy only when both http_proxy and https_proxy are given', () => {
    expect(installLbArgv('s', ['m'], [], { httpProxy: 'http://p:1' })).toEqual(['bash', 's', '-m', 'm', '-w', '']);
    expect(installLbArgv('s', ['m'], [], { httpProxy: 'http://p:1', httpsProxy: 'https://p:2' })).toEqual([
      'env',
      'http_proxy=http://p:1',
      'https_proxy=https://p:2',
      'bash',
      's',
      '-m',
      'm',
      '-w',
      '',
    ]);
  });
});
