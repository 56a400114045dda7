import { isSecretKey } from '@vnfm/util';
import { applyWaves } from './apply-order';
import type { ManifestObject } from './kube-object';
import { SECRETS_PARAM, withRequestSecrets } from './request-secrets';

const manifest = (kind: string, name: string): ManifestObject => ({
  object: { apiVersion: kind === 'Deployment' ? 'apps/v1' : 'v1', kind, metadata: { name } },
  source: `Files/kubernetes/${name}.yaml#1`,
});
const deployment = manifest('Deployment', 'vdu2');
const refusal = (secrets: unknown, manifests: ManifestObject[] = [deployment]) => {
  try {
    withRequestSecrets(manifests, secrets);
  } catch (error) {
    return error as { status: number; code: string; detail: string };
  }
  throw new Error('not refused');
};

describe("a CNF's Secrets from its request (additionalParams.lcm-kubernetes-secrets)", () => {
  it('is a parameter the coordinator seals whole by its name', () => {
    expect(isSecretKey(SECRETS_PARAM)).toBe(true);
  });

  it('adds each as an Opaque Secret, its values base64 in data, applied with the configuration before the workloads', () => {
    const manifests = withRequestSecrets([deployment], {
      'app-credentials': { db_password: 'pw Ü#1', 'api.key': 'k-2', port: 5432 },
      tls: { 'ca.crt': '-----BEGIN CERTIFICATE-----' },
    });
    expect(manifests.slice(1)).toEqual([
      {
        object: {
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name: 'app-credentials' },
          type: 'Opaque',
          data: {
            db_password: Buffer.from('pw Ü#1').toString('base64'),
            'api.key': Buffer.from('k-2').toString('base64'),
            port: Buffer.from('5432').toString('base64'),
          },
        },
        source: 'additionalParams.lcm-kubernetes-secrets.app-credentials',
      },
      expect.objectContaining({ object: expect.objectContaining({ metadata: { name: 'tls' } }) }),
    ]);
    expect(applyWaves(manifests).map((wave) => wave.map((item) => item.object.metadata.name))).toEqual([
      ['app-credentials', 'tls'],
      ['vdu2'],
    ]);
  });

  it('changes nothing without the parameter', () => {
    expect(withRequestSecrets([deployment], undefined)).toEqual([deployment]);
  });

  it('refuses with 422 what the API server would refuse, naming the Secret or the position and never a value', () => {
    const cases: [unknown, RegExp][] = [
      ['s3cret', /must map Secret names to their data/],
      [['a'], /must map Secret names to their data/],
      [{ Bad_Name: { a: 'x' } }, /Secret name #1 is not a valid object name/],
      [{ ok: { a: 'x' }, ['x'.repeat(254)]: { a: 'x' } }, /Secret name #2 is not a valid object name/],
      [{ creds: {} }, /gives Secret creds no data/],
      [{ creds: 'value-1' }, /gives Secret creds no data/],
      [{ creds: { 'bad key': 'value-1' } }, /key #1 of Secret creds is not a valid data key/],
      [{ creds: { a: { nested: 'value-1' } } }, /gives Secret creds a value of key a that is not text/],
      [{ creds: { a: null } }, /gives Secret creds a value of key a that is not text/],
    ];
    for (const [secrets, detail] of cases) {
      const error = refusal(secrets);
      expect(error).toMatchObject({ status: 422, code: 'KUBERNETES_MANIFESTS_NOT_USABLE', detail: expect.stringMatching(detail) });
      expect(error.detail).toMatch(/^additionalParams\.lcm-kubernetes-secrets/);
      expect(error.detail).not.toMatch(/value-1|s3cret|Bad_Name|bad key/);
    }
  });

  it('refuses a Secret the package defines too (which one would win is not for the driver to guess)', () => {
    expect(refusal({ 'curry-sc-multiple': { a: 'x' } }, [deployment, manifest('Secret', 'curry-sc-multiple')])).toMatchObject({
      status: 422,
      detail: expect.stringContaining('names Secret curry-sc-multiple, which a manifest of the package defines too'),
    });
  });
});
