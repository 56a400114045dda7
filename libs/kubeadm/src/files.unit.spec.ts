import { parseEtcdMembers, membersOf, etcdMemberList, etcdMemberRemove } from './etcd-members';
import { withApiServer, withoutApiServer } from './haproxy-config';
import { hostsLines, withHostsLines, withoutHostsLines } from './hosts-file';

// The end of the haproxy.cfg install_k8s_cluster.sh writes on each of three masters.
const HAPROXY = `frontend kubernetes-apiserver
    mode                 tcp
    bind                 *:16443
    option               tcplog
    default_backend      kubernetes-apiserver

backend kubernetes-apiserver
    mode        tcp
    balance     roundrobin
    server  master11  10.0.0.11:6443 check
    server  master12  10.0.0.12:6443 check
    server  master13  10.0.0.13:6443 check
listen stats
    bind               *:1080
    stats uri          /admin?stats
`;

describe("the masters' HAProxy configuration", () => {
  it("drops a healed master's server line from the API server backend only", () => {
    const without = withoutApiServer(HAPROXY, 'master12') ?? '';
    expect(without).toBe(HAPROXY.replace('    server  master12  10.0.0.12:6443 check\n', ''));
    expect(withoutApiServer(without, 'master12')).toBeUndefined();
    expect(withoutApiServer(HAPROXY, 'master1')).toBeUndefined();
  });

  it("adds the new master after the backend's last server, once", () => {
    const without = withoutApiServer(HAPROXY, 'master12') ?? '';
    const added = withApiServer(without, 'master14', '10.0.0.14') ?? '';
    expect(added).toContain('    server  master13  10.0.0.13:6443 check\n    server  master14  10.0.0.14:6443 check\nlisten stats');
    expect(withApiServer(added, 'master14', '10.0.0.14')).toBeUndefined();
    // Same name, another address: replaced.
    expect(withApiServer(added, 'master14', '10.0.1.14')).toContain('server  master14  10.0.1.14:6443 check\nlisten stats');
    expect(withApiServer('global\n    daemon\n', 'master14', '10.0.0.14')).toBeUndefined();
  });
});

describe('/etc/hosts of every node', () => {
  const lines = hostsLines([
    { nicIp: '10.0.0.11', name: 'master11' },
    { nicIp: '10.0.0.21', name: 'worker21' },
  ]);

  it('gets each node once, every other line kept', () => {
    const current = '127.0.0.1 localhost\n10.0.0.11   master11\n';
    expect(withHostsLines(current, lines)).toBe('127.0.0.1 localhost\n10.0.0.11   master11\n10.0.0.21 worker21\n');
    expect(withHostsLines(withHostsLines(current, lines) ?? '', lines)).toBeUndefined();
    expect(withHostsLines('127.0.0.1 localhost', ['10.0.0.9 worker9'])).toBe('127.0.0.1 localhost\n10.0.0.9 worker9\n');
  });

  it('loses the lines of nodes that left, and only them', () => {
    const current = '127.0.0.1 localhost\n10.0.0.11 master11\n10.0.0.21 worker21\n10.0.0.210 worker210\n';
    expect(withoutHostsLines(current, ['10.0.0.21 worker21'])).toBe('127.0.0.1 localhost\n10.0.0.11 master11\n10.0.0.210 worker210\n');
    expect(withoutHostsLines('127.0.0.1 localhost\n', ['10.0.0.21 worker21'])).toBeUndefined();
  });
});

describe("etcd's members", () => {
  it('are read from etcdctl member list, and found by node name', () => {
    const members = parseEtcdMembers(
      '8e9e05c52164694d, started, master11, https://10.0.0.11:2380, https://10.0.0.11:2379, false\n' +
        '91bc3c398fb3c146, started, master12, https://10.0.0.12:2380, https://10.0.0.12:2379, false\n',
    );
    expect(members).toEqual([
      { id: '8e9e05c52164694d', status: 'started', name: 'master11', peerUrls: 'https://10.0.0.11:2380' },
      { id: '91bc3c398fb3c146', status: 'started', name: 'master12', peerUrls: 'https://10.0.0.12:2380' },
    ]);
    expect(membersOf(members, 'master12').map((member) => member.id)).toEqual(['91bc3c398fb3c146']);
    expect(membersOf(members, 'master1')).toEqual([]);
    expect(() => parseEtcdMembers('Error: context deadline exceeded')).toThrow(
      expect.objectContaining({ status: 422, detail: expect.stringContaining('no member') }),
    );
  });

  it("are listed and removed with kubeadm's etcd certificates", () => {
    expect(etcdMemberList().join(' ')).toBe(
      'etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key member list',
    );
    expect(etcdMemberRemove('91bc3c398fb3c146').slice(-3)).toEqual(['member', 'remove', '91bc3c398fb3c146']);
  });
});
