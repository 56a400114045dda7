import { clusterErrors } from './cluster-errors';
import { mergeInsecureRegistries, readRegistryConnections, registryCaPath } from './registry-connections';

const errors = clusterErrors('TEST', 'test MgmtDriver');

const PATH = 'additionalParams.k8s_cluster_installation_param.private_registry_connection_info';

describe('private_registry_connection_info', () => {
  it("reads the seed's sample: an HTTP registry, and an HTTPS one with login, CA and hosts line", () => {
    const registries = readRegistryConnections(
      [
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
      PATH,
      errors,
    );
    expect(registries).toEqual([
      {
        type: 'http',
        server: '192.168.0.10:5000',
        username: undefined,
        password: undefined,
        certificatePath: undefined,
        hostsString: undefined,
      },
      {
        type: 'https',
        server: 'registry.example.com',
        username: 'user01',
        password: 'user01',
        certificatePath: 'Files/registries/ca.crt',
        hostsString: '192.168.0.20 registry.example.com',
      },
    ]);
  });

  it('is empty when absent', () => {
    expect(readRegistryConnections(undefined, PATH, errors)).toEqual([]);
  });

  it('names a wrong member by its path', () => {
    const read = (entry: Record<string, unknown>) => () =>
      readRegistryConnections([{ connection_type: '0', server: 'r:5000', ...entry }], PATH, errors);
    expect(read({ connection_type: '2' })).toThrow(expect.objectContaining({ status: 422, code: 'TEST_PARAMS_INVALID' }));
    expect(read({ connection_type: '2' })).toThrow(`${PATH}[0].connection_type must be 0 (HTTP) or 1 (HTTPS), not "2".`);
    expect(read({ server: 'r:5000/../../x' })).toThrow(`${PATH}[0].server must be a registry host`);
    expect(read({ username: 'u' })).toThrow('must give both username and password');
    expect(read({ certificate_path: '/etc/shadow' })).toThrow('must be a path inside the VNF package');
    expect(read({ hosts_string: 'registry.example.com' })).toThrow('hosts_string must be "<IP address> <FQDN>"');
    expect(read({ hosts_string: '10.0.0.1 r\n10.0.0.2 s' })).toThrow('must be a single line');
    expect(() => readRegistryConnections({}, PATH, errors)).toThrow(`${PATH} must be a list.`);
  });
});

describe("Docker's daemon.json", () => {
  it('gets the insecure registries merged, every other key kept, nothing written when they are there', () => {
    const current = JSON.stringify({ 'storage-driver': 'vfs', 'insecure-registries': ['a:5000'], 'log-driver': 'json-file' });
    const merged = mergeInsecureRegistries(current, ['a:5000', 'b:5000', 'b:5000'], errors);
    expect(JSON.parse(merged ?? '')).toEqual({
      'storage-driver': 'vfs',
      'insecure-registries': ['a:5000', 'b:5000'],
      'log-driver': 'json-file',
    });
    expect(mergeInsecureRegistries(merged ?? '', ['b:5000'], errors)).toBeUndefined();
    expect(JSON.parse(mergeInsecureRegistries('', ['c:5000'], errors) ?? '')).toEqual({ 'insecure-registries': ['c:5000'] });
  });

  it('is never overwritten when it is not a JSON object', () => {
    expect(() => mergeInsecureRegistries('{"a":', ['c:5000'], errors)).toThrow('is not JSON');
    expect(() => mergeInsecureRegistries('[]', ['c:5000'], errors)).toThrow('not a JSON object');
  });

  it("puts a registry's CA where Docker looks for it", () => {
    expect(registryCaPath('registry.example.com:5443')).toBe('/etc/docker/certs.d/registry.example.com:5443/ca.crt');
  });
});
