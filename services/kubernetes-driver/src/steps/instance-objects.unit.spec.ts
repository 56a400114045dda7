import { ApiException } from '@kubernetes/client-node';
import type { KubeObject } from '@vnfm/kubernetes-manifests';
import type { KubeApi, ResourceType } from '../kube/kube-api';
import { instanceObjects } from './instance-objects';
import type { KubeStepContext } from './step-context';

const type = (kind: string): ResourceType => ({
  apiVersion: 'example.com/v1',
  kind,
  plural: `${kind.toLowerCase()}s`,
  namespaced: true,
  verbs: [],
});
const object = (kind: string, name: string): KubeObject => ({ apiVersion: 'example.com/v1', kind, metadata: { name } }) as KubeObject;

/** A step context whose API server lists each kind as `answers` says: items, or an HTTP status thrown. */
const contextWith = (answers: Record<string, KubeObject[] | number>): KubeStepContext =>
  ({
    namespace: 'ns',
    message: { vnfInstanceId: 'i-1', vnfcResourceInfo: [] },
    api: {
      allTypes: async () => Object.keys(answers).map(type),
      list: async (listed: ResourceType) => {
        const answer = answers[listed.kind];
        if (typeof answer === 'number') throw new ApiException(answer, 'refused', {}, {});
        return answer ?? [];
      },
    } as unknown as KubeApi,
  }) as unknown as KubeStepContext;

describe('instanceObjects', () => {
  it('counts a kind gone between discovery and its list (404: its CRD was deleted) and one it may not list (403) as holding nothing', async () => {
    const found = await instanceObjects(contextWith({ Kept: [object('Kept', 'a')], Gone: 404, Hidden: 403 }));
    expect(found.map((item) => `${item.type.kind}/${item.object.metadata.name}`)).toEqual(['Kept/a']);
  });

  it('fails on any other refusal rather than report the instance empty', async () => {
    await expect(instanceObjects(contextWith({ Kept: [object('Kept', 'a')], Broken: 500 }))).rejects.toBeInstanceOf(ApiException);
  });
});
