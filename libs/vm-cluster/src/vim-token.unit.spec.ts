import { kubectlCreatesTokens, vimAccountManifest, vimTokenSecret } from './vim-token';

describe("the token of a cluster's VIM", () => {
  it('is made with kubectl create token from kubectl 1.24 on, through a token Secret before', () => {
    const version = (minor: string, major = '1') =>
      JSON.stringify({ clientVersion: { major, minor, gitVersion: `v${major}.${minor.replace('+', '')}.3` } });
    // kubespray 2.16 (Tacker's guide) installs Kubernetes 1.20.
    expect(kubectlCreatesTokens(version('20'))).toBe(false);
    expect(kubectlCreatesTokens(version('23+'))).toBe(false);
    expect(kubectlCreatesTokens(version('24'))).toBe(true);
    expect(kubectlCreatesTokens(JSON.stringify({ clientVersion: { major: '1', minor: '37' }, kustomizeVersion: 'v5.7.1' }))).toBe(true);
    expect(kubectlCreatesTokens(version('0', '2'))).toBe(true);
    // Nothing readable: a current kubectl is assumed, and create token says for itself if it is not.
    expect(kubectlCreatesTokens('error: unknown flag: --client')).toBe(true);
    expect(kubectlCreatesTokens('{}')).toBe(true);
  });

  it('belongs to a cluster-admin service account; the Secret path adds a service-account-token Secret annotated with it', () => {
    const account = { namespace: 'kube-system', name: 'vnfm-kubespray' };
    const items = (manifest: string) => (JSON.parse(manifest) as { items: Record<string, unknown>[] }).items;
    expect(items(vimAccountManifest(account)).map((item) => item['kind'])).toEqual(['ServiceAccount', 'ClusterRoleBinding']);
    expect(items(vimAccountManifest(account))[1]).toMatchObject({
      roleRef: { kind: 'ClusterRole', name: 'cluster-admin' },
      subjects: [{ kind: 'ServiceAccount', namespace: 'kube-system', name: 'vnfm-kubespray' }],
    });
    expect(vimTokenSecret(account)).toBe('vnfm-kubespray-token');
    expect(vimTokenSecret({ namespace: 'kube-system', name: 'vnfm-kubeadm' })).toBe('vnfm-kubeadm-token');
    expect(items(vimAccountManifest(account, vimTokenSecret(account)))[2]).toEqual({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: {
        name: 'vnfm-kubespray-token',
        namespace: 'kube-system',
        annotations: { 'kubernetes.io/service-account.name': 'vnfm-kubespray' },
      },
      type: 'kubernetes.io/service-account-token',
    });
  });
});
