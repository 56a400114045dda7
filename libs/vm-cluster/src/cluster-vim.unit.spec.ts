import { clusterAuthUrl, defaultVimName, kubernetesVimBody } from './cluster-vim';

describe("the Kubernetes VIM of a cluster built on the VNF's VMs", () => {
  it("takes the API server URL of the master's kubeconfig, replacing a loopback host by the master's cluster CP address", () => {
    expect(clusterAuthUrl('https://10.0.0.1:6443', '10.0.0.1')).toBe('https://10.0.0.1:6443');
    expect(clusterAuthUrl('https://127.0.0.1:6443', '10.0.0.1')).toBe('https://10.0.0.1:6443');
    expect(clusterAuthUrl('https://localhost:6443/', 'fd00::1')).toBe('https://[fd00::1]:6443');
    // A master that is itself on loopback (the test hosts) keeps the URL as it is.
    expect(clusterAuthUrl('https://127.0.0.1:16443', '127.10.0.3')).toBe('https://127.0.0.1:16443');
  });

  it("is registered with Tacker's body for a bearer-token Kubernetes VIM", () => {
    expect(
      kubernetesVimBody(
        'k8s',
        'https://10.0.0.1:6443',
        { server: 'x', bearerToken: 't', caPem: 'PEM' },
        { vnfInstanceId: 'inst-1', builtWith: 'kubespray' },
      ),
    ).toEqual({
      vim: {
        name: 'k8s',
        description: 'Kubernetes cluster of VNF instance inst-1, built with kubespray',
        type: 'kubernetes',
        auth_url: 'https://10.0.0.1:6443',
        vim_project: { name: 'default' },
        auth_cred: { bearer_token: 't', ssl_ca_cert: 'PEM' },
        is_default: false,
      },
    });
    expect(defaultVimName('inst-1')).toBe('kubernetes_vim_inst-1');
  });
});
