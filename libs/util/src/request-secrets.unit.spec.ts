import { containsSealedMarker, findSecrets, openSecrets, sealSecrets, SecretScanDepthError, showSecrets } from './request-secrets';
import { SECRET_SHOWN } from './sealed-marker';

// A reversible stand-in cipher that binds the path, to test the walk alone; libs/crypto tests the real one.
const sealOne = async (plaintext: string, path: string) => Buffer.from(JSON.stringify([path, plaintext])).toString('base64url') + '.t';
const openOne = async (body: string, path: string) => {
  const [sealedAt, plaintext] = JSON.parse(Buffer.from(body.split('.')[0], 'base64url').toString()) as [string, string];
  if (sealedAt !== path) throw new Error(`sealed at ${sealedAt}, not ${path}`);
  return plaintext;
};

const request = {
  flavourId: 'simple',
  additionalParams: {
    k8s_cluster_installation_param: {
      master_node: { username: 'ubuntu', password: 'master-pw' },
      proxy: { http_proxy: 'http://user1:password1@host1:port1', no_proxy: '192.168.0.0/24' },
      private_registry_connection_info: [
        { server: 'r1:5000', password: 'reg-pw' },
        { server: 'r2:5000', password: 4711 },
      ],
      ssh_key: { private_key: { pem: 'x' } },
      'a/b~c': { password: 'escaped' },
    },
    note: 'Bearer abcdefgh12345',
  },
};

describe('request secrets', () => {
  it('finds secrets by name and by value, with RFC 6901 paths', () => {
    expect(findSecrets(request)).toEqual([
      { path: '/additionalParams/k8s_cluster_installation_param/master_node/password', reason: 'name' },
      { path: '/additionalParams/k8s_cluster_installation_param/proxy/http_proxy', reason: 'value' },
      { path: '/additionalParams/k8s_cluster_installation_param/private_registry_connection_info/0/password', reason: 'name' },
      { path: '/additionalParams/k8s_cluster_installation_param/private_registry_connection_info/1/password', reason: 'name' },
      { path: '/additionalParams/k8s_cluster_installation_param/ssh_key/private_key', reason: 'name' },
      { path: '/additionalParams/k8s_cluster_installation_param/a~1b~0c/password', reason: 'name' },
      { path: '/additionalParams/note', reason: 'value' },
    ]);
  });

  it('seals every secret into a marker, keeps the rest, and opens back to the exact original (numbers and objects too)', async () => {
    const sealed = await sealSecrets(request, sealOne);
    const params = sealed.additionalParams.k8s_cluster_installation_param;
    expect(params.master_node).toEqual({ username: 'ubuntu', password: expect.stringMatching(/^sealed:v1:[\w-]+\.t$/) });
    expect(params.proxy.no_proxy).toBe('192.168.0.0/24');
    expect(params.private_registry_connection_info[1].password).toMatch(/^sealed:v1:/);
    expect(params.ssh_key.private_key).toMatch(/^sealed:v1:/);
    expect(JSON.stringify(sealed)).not.toMatch(/master-pw|password1|reg-pw|4711|escaped|abcdefgh/);
    expect(request.additionalParams.k8s_cluster_installation_param.master_node.password).toBe('master-pw');
    expect(await openSecrets(sealed, openOne)).toEqual(request);
  });

  it('is idempotent: an already sealed marker is left as it is', async () => {
    const once = await sealSecrets(request, sealOne);
    const calls: string[] = [];
    const twice = await sealSecrets(once, async (plaintext, path) => (calls.push(path), sealOne(plaintext, path)));
    expect(twice).toEqual(once);
    expect(calls).toEqual([]);
    expect(containsSealedMarker(once)).toBe(true);
    expect(containsSealedMarker(request)).toBe(false);
  });

  it('opens a marker at its own path only', async () => {
    const sealed = await sealSecrets({ a: { password: 'pw' }, b: {} as Record<string, unknown> }, sealOne);
    await expect(openSecrets({ a: {}, b: { password: sealed.a.password } }, openOne)).rejects.toThrow(
      'sealed at /a/password, not /b/password',
    );
  });

  it('shows every secret, sealed or not, as [SECRET], never the ciphertext', async () => {
    const sealed = await sealSecrets(request, sealOne);
    const shown = showSecrets({ ...sealed, late: { password: 'unsealed' } });
    expect(shown.additionalParams.k8s_cluster_installation_param.master_node).toEqual({ username: 'ubuntu', password: SECRET_SHOWN });
    expect(shown.additionalParams.k8s_cluster_installation_param.proxy.http_proxy).toBe(SECRET_SHOWN);
    expect(shown.late.password).toBe(SECRET_SHOWN);
    expect(JSON.stringify(shown)).not.toMatch(/sealed:v1/);
  });

  it('shows a view without copying the parts that hold no secret, and keeps a "__proto__" key as data', () => {
    const vnfcs = [
      { id: 'vnfc-1', vnfcCpInfo: [{ id: 'cp-1', cpProtocolInfo: [{ ipOverEthernet: { ipAddresses: [{ addresses: ['10.0.0.1'] }] } }] }] },
    ];
    const view = { vnfcs, metadata: { owner: 'ops', token: 'abc' }, links: ['http://u:pw@h/x', 'http://h/y'] };
    const shown = showSecrets(view);
    expect(shown.vnfcs).toBe(vnfcs);
    expect(shown).toEqual({ vnfcs, metadata: { owner: 'ops', token: SECRET_SHOWN }, links: [SECRET_SHOWN, 'http://h/y'] });
    expect(view.metadata.token).toBe('abc');
    const hostile = JSON.parse('{"__proto__": {"password": "pw"}, "a": 1}') as Record<string, unknown>;
    const shownHostile = showSecrets(hostile);
    expect(Object.getPrototypeOf(shownHostile)).toBe(Object.prototype);
    expect(JSON.stringify(shownHostile)).toBe('{"__proto__":{"password":"[SECRET]"},"a":1}');
  });

  it('seals a top-level secret string and a "__proto__" key as plain data', async () => {
    expect(await sealSecrets('http://u:p@h', sealOne)).toMatch(/^sealed:v1:/);
    const hostile = JSON.parse('{"__proto__": {"password": "pw"}}') as Record<string, { password: string }>;
    const sealed = await sealSecrets(hostile, sealOne);
    expect(Object.getPrototypeOf(sealed)).toBe(Object.prototype);
    expect(Object.keys(sealed)).toEqual(['__proto__']);
    expect(await openSecrets(sealed, openOne)).toEqual(hostile);
  });

  it('refuses input nested deeper than it searches, instead of passing it on unsealed', async () => {
    let deep: Record<string, unknown> = { password: 'x' };
    for (let i = 0; i < 25; i += 1) deep = { child: deep };
    await expect(sealSecrets(deep, sealOne)).rejects.toThrow(SecretScanDepthError);
  });

  it('refuses a cipher body that would not make a well-formed marker', async () => {
    await expect(sealSecrets({ password: 'pw' }, async () => 'has spaces')).rejects.toThrow('base64url parts');
  });
});
