import { ApiException } from '@kubernetes/client-node';
import type { KubeObject } from '@vnfm/kubernetes-manifests';
import type { KubeApi, ResourceType } from '../kube/kube-api';
import { instanceObjects } from './instance-objects';
import type { KubeStepContext } from './step-context';

/** A kind `Kind`, or `group/version/Kind` (`v1/Kind` for the core group); example.com/v1 unless named. */
const type = (name: string): ResourceType => {
  const kind = name.split('/').pop() as string;
  return {
    apiVersion: name.includes('/') ? name.slice(0, -kind.length - 1) : 'example.com/v1',
    kind,
    plural: `${kind.toLowerCase()}s`,
    namespaced: true,
    verbs: [],
  };
};
const object = (kind: string, name: string): KubeObject => ({ apiVersion: 'example.com/v1', kind, metadata: { name } }) as KubeObject;

/** A step context whose API server lists each kind as `answers` says: items, or an HTTP status thrown. */
const contextWith = (answers: Record<string, KubeObject[] | number>): KubeStepContext =>
  ({
    namespace: 'ns',
    message: { vnfInstanceId: 'i-1', vnfcResourceInfo: [] },
    api: {
      allTypes: async () => Object.keys(answers).map(type),
      list: async (listed: ResourceType) => {
        const answer = answers[listed.apiVersion === 'example.com/v1' ? listed.kind : `${listed.apiVersion}/${listed.kind}`];
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

  it('does not list events (v1 and events.k8s.io), which no manifest makes', async () => {
    const listed: string[] = [];
    const context = contextWith({
      Kept: [object('Kept', 'a')],
      'v1/Event': 500,
      'events.k8s.io/v1/Event': 500,
      'example.com/v1/Event': [],
    });
    const list = context.api.list.bind(context.api);
    context.api.list = async (type: ResourceType, ...rest: [string | undefined, string]) => (
      listed.push(type.apiVersion),
      list(type, ...rest)
    );
    expect((await instanceObjects(context)).map((item) => item.object.metadata.name)).toEqual(['a']);
    expect(listed.sort()).toEqual(['example.com/v1', 'example.com/v1']);
  });

  it('fails on any other refusal rather than report the instance empty', async () => {
    await expect(instanceObjects(contextWith({ Kept: [object('Kept', 'a')], Broken: 500 }))).rejects.toBeInstanceOf(ApiException);
  });
});
