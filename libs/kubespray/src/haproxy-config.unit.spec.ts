import { withoutHaproxySections } from '@vnfm/vm-cluster';
import { frontendPorts, frontendsInFileOrder, INSTALLED_SECTIONS, nodeportServers, routeNodeportServers } from './haproxy-config';

// Debian's haproxy.cfg (shortened) with what Tacker's install_external_lb.sh -m 10.0.0.5 -w 10.0.0.6,10.0.0.7 appends.
const DEBIAN = ['global', '\tlog /dev/log\tlocal0', '\tdaemon', '', 'defaults', '\tmode\thttp', '        timeout connect 5000'];
const INSTALLED = [
  'frontend kubernetes-apiserver',
  '    mode                 tcp',
  '    bind                 *:8383',
  '    option               tcplog',
  '    default_backend      kubernetes-apiserver',
  'backend kubernetes-apiserver',
  '    mode        tcp',
  '    balance     roundrobin',
  '    server  master5 10.0.0.5:6443 check',
  'backend kubernetes-nodeport',
  '    mode        tcp',
  '    balance     roundrobin',
  '    server  master5 10.0.0.5 check',
  '    server  worker6 10.0.0.6 check',
  '    server  worker7 10.0.0.7 check',
];
const FRONTEND = [
  'frontend default_nginx-service',
  '    mode                 tcp',
  '    bind                 *:30422',
  '    bind                 *:32019',
  '    option               tcplog',
  '    default_backend      kubernetes-nodeport',
];
const config = (...parts: string[][]) => `${parts.flat().join('\n')}\n`;

describe("the load balancer's haproxy.cfg as Tacker's kubespray samples write it", () => {
  it('lists the servers of backend kubernetes-nodeport with their addresses and options, and none without that backend', () => {
    expect(nodeportServers(config(DEBIAN, INSTALLED, FRONTEND))).toEqual([
      { name: 'master5', address: '10.0.0.5', options: 'check' },
      { name: 'worker6', address: '10.0.0.6', options: 'check' },
      { name: 'worker7', address: '10.0.0.7', options: 'check' },
    ]);
    expect(nodeportServers(config(DEBIAN))).toBeUndefined();
  });

  it('removes a worker line by its address and inserts new ones after the backend directives, as Tacker does on scale and heal', () => {
    const routed = routeNodeportServers(config(DEBIAN, INSTALLED, FRONTEND), { remove: ['10.0.0.6'], add: ['10.0.0.8'] });
    expect(routed).toBe(
      config(
        DEBIAN,
        INSTALLED.slice(0, 12),
        ['    server  worker8 10.0.0.8 check', '    server  master5 10.0.0.5 check', '    server  worker7 10.0.0.7 check'],
        FRONTEND,
      ),
    );
    // The API server backend's line for the same address is not a NodePort route.
    expect(routed).toContain('    server  master5 10.0.0.5:6443 check');
  });

  it('changes nothing when run again: an address already routed keeps its line, an address gone stays gone', () => {
    const once = routeNodeportServers(config(DEBIAN, INSTALLED), { remove: ['10.0.0.6'], add: ['10.0.0.8'] }) as string;
    expect(routeNodeportServers(once, { remove: ['10.0.0.6'], add: ['10.0.0.8'] })).toBe(once);
    expect(routeNodeportServers(once, { add: ['10.0.0.7'] })).toBe(once);
  });

  it('gives a new line the options of the lines there (none where the installing script wrote none), and a unique name', () => {
    const plain = config([
      'backend kubernetes-nodeport',
      '    mode        tcp',
      '    server  master5 10.0.0.5',
      '    server  worker6 10.1.0.6',
    ]);
    expect(nodeportServers(routeNodeportServers(plain, { add: ['10.2.0.6', '10.2.0.9'] }) as string)).toEqual([
      { name: 'worker-10-2-0-6', address: '10.2.0.6', options: '' },
      { name: 'worker9', address: '10.2.0.9', options: '' },
      { name: 'master5', address: '10.0.0.5', options: '' },
      { name: 'worker6', address: '10.1.0.6', options: '' },
    ]);
  });

  it('adds the first server of an empty backend after its directives, before the blank line that ends it', () => {
    const empty = config(['backend kubernetes-nodeport', '    mode        tcp', '    balance     roundrobin', '', '# next'], FRONTEND);
    expect(routeNodeportServers(empty, { add: ['10.0.0.6'] })).toBe(
      config(
        ['backend kubernetes-nodeport', '    mode        tcp', '    balance     roundrobin', '    server  worker6 10.0.0.6', '', '# next'],
        FRONTEND,
      ),
    );
    expect(routeNodeportServers(config(DEBIAN), { add: ['10.0.0.6'] })).toBeUndefined();
  });

  it('takes out the sections install_external_lb.sh appends (every copy of them), keeping the rest', () => {
    const twice = config(DEBIAN, INSTALLED, FRONTEND, INSTALLED);
    expect(withoutHaproxySections(twice, INSTALLED_SECTIONS)).toBe(config(DEBIAN, FRONTEND));
    expect(withoutHaproxySections(config(DEBIAN), INSTALLED_SECTIONS)).toBe(config(DEBIAN));
  });

  it("reads a NodePort frontend's ports (any bind address) and lists frontends in file order", () => {
    const other = [
      'frontend kube-system_nginx-service',
      '    bind                 10.0.0.9:30058',
      '    default_backend      kubernetes-nodeport',
    ];
    const text = config(DEBIAN, INSTALLED, other, FRONTEND);
    expect(frontendPorts(text, 'default_nginx-service')).toEqual([30422, 32019]);
    expect(frontendPorts(text, 'kube-system_nginx-service')).toEqual([30058]);
    expect(frontendPorts(text, 'default_other')).toBeUndefined();
    expect(frontendsInFileOrder(text, ['default_nginx-service', 'kube-system_nginx-service', 'default_other'])).toEqual([
      'kube-system_nginx-service',
      'default_nginx-service',
    ]);
  });
});
