import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataKeyMissingError, EnvelopeKeyRing } from './envelope-key-ring';
import { SealedValueError } from './aes-gcm';
import { FileDataKeyStore } from './file-data-key.store';
import { OwnerSecrets, SECRET_OWNERS } from './owner-secrets';
import { MasterKey } from './master-key';
import { showSecrets } from '@vnfm/util';

// The shape of Tacker's mgmt-driver instantiate requests (testdata/corpus/tacker-specs), with a
// distinct value per secret so that finding any of them in sealed output means a leak.
const PEM = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----';
const instantiate = {
  flavourId: 'simple',
  additionalParams: {
    k8s_cluster_installation_param: {
      script_path: 'Scripts/install_k8s_cluster.sh',
      ansible: { ip_address: '192.168.10.5', username: 'ansible', password: 'ansible-Pw#1', kubespray_root_path: '/opt/kubespray' },
      master_node: {
        aspect_id: 'master_instance',
        ssh_cp_name: 'masterNode_CP1',
        username: 'ubuntu',
        password: 'master-Pw%2',
        pod_cidr: '192.168.0.0/16',
      },
      worker_node: { aspect_id: 'worker_instance', ssh_cp_name: 'workerNode_CP2', username: 'ubuntu', password: 'worker pw/3' },
      external_lb_param: {
        ssh_cp_name: 'externalLB_instance',
        ssh_username: 'ubuntu',
        ssh_password: 'lb-Pw&4',
        script_path: './Scripts/ExternalLB_installation.sh',
      },
      private_registry_installation_param: { ssh_cp_name: 'registry_CP1', ssh_username: 'ubuntu', ssh_password: 'registry-install-Pw5' },
      proxy: {
        http_proxy: 'http://user1:password1@host1:port1',
        https_proxy: 'https://user2:password2@host2:port2',
        no_proxy: '192.168.246.0/24,registry.example.com',
      },
      private_registry_connection_info: [
        { connection_type: '0', server: '192.168.0.10:5000' },
        {
          connection_type: '1',
          server: 'registry.example.com',
          username: 'user01',
          password: 'registry-Pw6',
          certificate_path: 'Files/registries/ca.crt',
        },
      ],
      ssh_private_key: PEM,
      retry_count: 3,
    },
    'lcm-operation-user-data': './UserData/k8s_cluster_user_data.py',
  },
  vimConnectionInfo: [
    {
      id: 'vim1',
      vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_2',
      accessInfo: { username: 'nfv_user', password: 'vim-Pw7', project: 'nfv', region: 'RegionOne' },
      interfaceInfo: { endpoint: 'http://keystone:5000/v3' },
    },
  ],
};
const PLAINTEXTS = [
  'ansible-Pw#1',
  'master-Pw%2',
  'worker pw/3',
  'lb-Pw&4',
  'registry-install-Pw5',
  'password1',
  'password2',
  'registry-Pw6',
  'vim-Pw7',
  'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ',
];

describe('owner secrets over a file data-key store', () => {
  let dir: string;
  let secrets: OwnerSecrets;
  let keyRing: EnvelopeKeyRing;
  const instanceId = '8d2b9a62-7c1c-4a4a-8d3e-1f0b0c7c9a11';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vnfm-owner-secrets-'));
    keyRing = new EnvelopeKeyRing(MasterKey.fromBytes(randomBytes(32)), new FileDataKeyStore(join(dir, 'keys')));
    secrets = new OwnerSecrets(keyRing);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('seals every secret of an instantiate request so that none of it is readable, and opens each exactly', async () => {
    const sealed = await secrets.seal(instanceId, instantiate);
    const text = JSON.stringify(sealed);
    for (const plaintext of PLAINTEXTS) {
      for (const form of [
        plaintext,
        Buffer.from(plaintext).toString('base64'),
        Buffer.from(plaintext).toString('base64url'),
        encodeURIComponent(plaintext),
        JSON.stringify(plaintext),
      ]) {
        expect(text).not.toContain(form);
      }
    }
    const params = sealed.additionalParams.k8s_cluster_installation_param;
    expect(params.master_node.username).toBe('ubuntu');
    expect(params.proxy.no_proxy).toBe(instantiate.additionalParams.k8s_cluster_installation_param.proxy.no_proxy);
    expect(params.retry_count).toBe(3);
    expect(text.match(/"sealed:v1:/g)).toHaveLength(10);

    const opened = await secrets.open(instanceId, sealed);
    expect(opened).toEqual(instantiate);
    expect(opened.additionalParams.k8s_cluster_installation_param.worker_node.password).toBe('worker pw/3');
    expect(opened.vimConnectionInfo[0].accessInfo.password).toBe('vim-Pw7');
  });

  it('creates one data key for the instance on the first secret, none for a request without secrets', async () => {
    expect(await secrets.seal(instanceId, { flavourId: 'simple' })).toEqual({ flavourId: 'simple' });
    expect(readdirSync(dir)).toEqual([]);
    await Promise.all([secrets.seal(instanceId, instantiate), secrets.seal(instanceId, { password: 'x' })]);
    expect(readdirSync(join(dir, 'keys'))).toEqual([`vnfi-${instanceId}.key`]);
  });

  it('shows [SECRET] where a secret was given, never the ciphertext', async () => {
    const shown = showSecrets(await secrets.seal(instanceId, instantiate));
    expect(shown.additionalParams.k8s_cluster_installation_param.proxy.http_proxy).toBe('[SECRET]');
    expect(shown.vimConnectionInfo[0].accessInfo).toEqual({
      username: 'nfv_user',
      password: '[SECRET]',
      project: 'nfv',
      region: 'RegionOne',
    });
    expect(JSON.stringify(shown)).not.toContain('sealed:');
  });

  it('keeps each kind of owner under its own key: a subscription sealed with the same id opens only as that subscription', async () => {
    const subscriptions = new OwnerSecrets(keyRing, SECRET_OWNERS.lccnSubscription);
    const sealed = await subscriptions.seal(instanceId, { paramsBasic: { userName: 'u', password: 'sub-pw' } });
    expect(await subscriptions.open(instanceId, sealed)).toEqual({ paramsBasic: { userName: 'u', password: 'sub-pw' } });
    await expect(secrets.open(instanceId, sealed)).rejects.toThrow();
    expect(readdirSync(join(dir, 'keys'))).toContain(`lccns-${instanceId}.key`);
  });

  it('crypto-shreds: after destroy nothing opens any more, and destroy is idempotent', async () => {
    const sealed = await secrets.seal(instanceId, instantiate);
    expect(await secrets.destroy(instanceId)).toBe(true);
    await expect(secrets.open(instanceId, sealed)).rejects.toThrow(DataKeyMissingError);
    expect(await secrets.destroy(instanceId)).toBe(false);
  });

  it('does not open a marker copied to another field or another instance', async () => {
    const sealed = await secrets.seal(instanceId, { master_node: { password: 'a' }, worker_node: { password: 'b' } });
    await expect(secrets.open(instanceId, { master_node: { password: sealed.worker_node.password } })).rejects.toThrow(SealedValueError);
    const other = 'f4b9e8a2-0000-4000-8000-000000000001';
    await secrets.seal(other, { password: 'c' });
    await expect(secrets.open(other, { master_node: { password: sealed.master_node.password } })).rejects.toThrow(SealedValueError);
    await expect(secrets.open('f4b9e8a2-0000-4000-8000-000000000002', sealed)).rejects.toThrow(DataKeyMissingError);
  });

  it('opens a part of the request given with its place in the request (root pointer), and only there', async () => {
    const sealed = await secrets.seal(instanceId, instantiate);
    const part = sealed.additionalParams.k8s_cluster_installation_param;
    expect(await secrets.open(instanceId, part, '/additionalParams/k8s_cluster_installation_param')).toEqual(
      instantiate.additionalParams.k8s_cluster_installation_param,
    );
    expect(await secrets.open(instanceId, { k8s_cluster_installation_param: part }, '/additionalParams')).toEqual({
      k8s_cluster_installation_param: instantiate.additionalParams.k8s_cluster_installation_param,
    });
    await expect(secrets.open(instanceId, part)).rejects.toThrow(SealedValueError);
  });

  it('seals an already sealed request to the same value (idempotent)', async () => {
    const sealed = await secrets.seal(instanceId, instantiate);
    expect(await secrets.seal(instanceId, sealed)).toEqual(sealed);
  });
});
