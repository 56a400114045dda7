import { madeForKept } from './derived-objects';
import type { KubeObject } from './kube-object';

const object = (apiVersion: string, kind: string, name: string, rest: Record<string, unknown> = {}): KubeObject => ({
  apiVersion,
  kind,
  metadata: { name, namespace: 'default' },
  ...rest,
});
const service = object('v1', 'Service', 'nginx-service');
const statefulSet = object('apps/v1', 'StatefulSet', 'vdu5', {
  spec: { replicas: 2, volumeClaimTemplates: [{ metadata: { name: 'www' } }] },
});

describe('objects the control plane made for a kept object', () => {
  const madeFor = madeForKept([service, statefulSet]);

  it("tells a kept Service's Endpoints (the endpoints controller copies its labels, with no owner reference)", () => {
    expect(madeFor(object('v1', 'Endpoints', 'nginx-service'))).toBe(true);
    expect(madeFor(object('v1', 'Endpoints', 'other-service'))).toBe(false);
    expect(madeFor({ ...object('v1', 'Endpoints', 'nginx-service'), metadata: { name: 'nginx-service', namespace: 'curry' } })).toBe(false);
  });

  it("tells a kept StatefulSet's PVCs by <claim template>-<statefulset>-<ordinal>", () => {
    expect([0, 1, 12].map((ordinal) => madeFor(object('v1', 'PersistentVolumeClaim', `www-vdu5-${ordinal}`)))).toEqual([true, true, true]);
    expect(madeFor(object('v1', 'PersistentVolumeClaim', 'www-vdu5-x'))).toBe(false);
    expect(madeFor(object('v1', 'PersistentVolumeClaim', 'mongodb-pv-claim'))).toBe(false);
  });

  it('tells nothing once the object it was made for is no longer kept, nor any other kind', () => {
    const nothingKept = madeForKept([]);
    expect([
      nothingKept(object('v1', 'Endpoints', 'nginx-service')),
      nothingKept(object('v1', 'PersistentVolumeClaim', 'www-vdu5-0')),
    ]).toEqual([false, false]);
    expect(madeFor(object('v1', 'ConfigMap', 'nginx-service'))).toBe(false);
    expect(madeFor(object('discovery.k8s.io/v1', 'Endpoints', 'nginx-service'))).toBe(false);
  });
});
