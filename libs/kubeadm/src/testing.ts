/** Seed 002's `k8s_cluster_installation_param` (tacker-specs "cir-k8s-cluster", the body for Tacker's kubeadm sample). */
export function seedClusterParam(): Record<string, unknown> {
  return {
    script_path: 'Scripts/install_k8s_cluster.sh',
    vim_name: 'kubernetes_vim',
    master_node: {
      aspect_id: 'master_instance',
      ssh_cp_name: 'masterNode_CP1',
      nic_cp_name: 'masterNode_CP1',
      username: 'ubuntu',
      password: 'ubuntu',
      pod_cidr: '192.168.3.0/24',
      cluster_cidr: '10.199.187.0/24',
      cluster_cp_name: 'masterNode_CP1',
    },
    worker_node: {
      aspect_id: 'worker_instance',
      ssh_cp_name: 'workerNode_CP2',
      nic_cp_name: 'workerNode_CP2',
      username: 'ubuntu',
      password: 'ubuntu',
    },
    proxy: {
      http_proxy: 'http://user1:password1@host1:port1',
      https_proxy: 'https://user2:password2@host2:port2',
      no_proxy: '192.168.246.0/24,10.0.0.1,registry.example.com',
      k8s_node_cidr: '192.168.0.0/24',
    },
    private_registry_connection_info: [
      { connection_type: '0', server: '192.168.0.10:5000' },
      {
        connection_type: '1',
        server: 'registry.example.com',
        username: 'user01',
        password: 'user01',
        certificate_path: 'Files/registries/ca.crt',
        hosts_string: '192.168.0.20 registry.example.com',
      },
    ],
  };
}

/** A self-signed test CA and the hash `openssl x509 -pubkey | openssl rsa -pubin -outform der | openssl dgst -sha256` gives for it. */
export const TEST_CA = {
  pem: `-----BEGIN CERTIFICATE-----
MIIDDTCCAfWgAwIBAgIUYI8hSmhRniF4/YFVFVQu7WiLuG4wDQYJKoZIhvcNAQEL
BQAwFTETMBEGA1UEAwwKa3ViZXJuZXRlczAgFw0yNjExMjgwNjQwMjFaGA8yMTI2
MTEwNDA2NDAyMVowFTETMBEGA1UEAwwKa3ViZXJuZXRlczCCASIwDQYJKoZIhvcN
AQEBBQADggEPADCCAQoCggEBAJ9zfm/nVaWdAP/MCWh6bYNfKkrzwtD5gvit/IsT
/S3IOdIVlfYmFyuX1X+cd/gwgQAhiB3MTKp+XmUJliG8UIDNTcB00FJayVTYbkc/
B/gWZazG6nWtYQLGyVPeRs6Guxs10iuDpWq0sebzE7GieBt4s1dlMSfmaUz1fdc2
ehbxy+Fs1Gr/n0k//64fVzHgwF/8zQkoImmLXCbS4ayZ0GPe6EINzuG4Jn4fdNNY
TIxYbyZDFh2aJ7wCaF9j0SqgCt9SSH/T1hf3SQF5hL2h9ZgHJXlLYtxGYeGUzBv1
NnssUxFVIAjQM+28Nl1GTQZ7OmvTtrY9hkrAn6Zfh6HqD2UCAwEAAaNTMFEwHQYD
VR0OBBYEFHzVSi9QFlKvHZpLLouBLni61IdJMB8GA1UdIwQYMBaAFHzVSi9QFlKv
HZpLLouBLni61IdJMA8GA1UdEwEB/wQFMAMBAf8wDQYJKoZIhvcNAQELBQADggEB
AIJIOoLhA0aSl3N/p4taQGAVgXYBOXJeLXPgXBsZ0A7Uy+OLelPvga8Wxiwe/jaa
cv86EszO7XVB8nhpn9Qd7nLiHYM7MvEBUmeMiCiiWLoH6pykPoZkvQgUqYSgGfQm
ZEQACFqym7s/kZMY5xmze7MftDi3u8uOVC/o4sET/tP8qOYhrS7NqPZF7TU/61qY
jYU/f4QtCwmqE1s0eWG2zUjym0qp9ty/fyIS7JHR/mjUwpkFoY05sqiwFeL5I2nQ
PCWGDz1dPEpd07sbYi4rIts4q/V4T+8/roHaMoN4v1rWvPA5bM8Vl/xjkwEq+bgf
0wi6bLRRkg+by3a9g/7jkfc=
-----END CERTIFICATE-----
`,
  hash: 'c7f72fc62c193829899480f91256e59c43781f8a28b2bda0834c48a0741d8e14',
};
