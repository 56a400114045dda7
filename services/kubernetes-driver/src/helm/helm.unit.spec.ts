import { AppError } from '@vnfm/contracts';
import { HELM_RELEASE_ANNOTATION, recordOf, releaseNameOf } from './helm-release';
import { instantiateParams } from './helm.steps';

const refusal = (params: Record<string, unknown>) => {
  try {
    instantiateParams(params);
    return 'accepted';
  } catch (error) {
    return error instanceof AppError ? `${error.status} ${error.detail}` : String(error);
  }
};

describe("a Helm CNF's parameters and release record", () => {
  it("takes Tacker's v2 Helm parameters: the chart path and value names required, the chart's parameters as strings", () => {
    expect(
      instantiateParams({
        helm_chart_path: 'Files/kubernetes/test-chart-0.1.0.tgz',
        helm_parameters: { 'service.port': 8081, 'service.type': 'NodePort', 'debug.on': true },
        helm_value_names: { VDU1: { replica: 'replicaCountVdu1' }, VDU2: {} },
      }),
    ).toEqual({
      chartPath: 'Files/kubernetes/test-chart-0.1.0.tgz',
      parameters: { 'service.port': '8081', 'service.type': 'NodePort', 'debug.on': 'true' },
      valueNames: { VDU1: { replica: 'replicaCountVdu1' }, VDU2: {} },
    });
    expect(refusal({ helm_value_names: {} })).toMatch(/^422 additionalParams.helm_chart_path must name the chart archive/);
    expect(refusal({ helm_chart_path: 'c.tgz' })).toMatch(/^422 additionalParams.helm_value_names must map each VDU/);
    expect(refusal({ helm_chart_path: 'c.tgz', helm_value_names: {}, helm_parameters: { a: { nested: 1 } } })).toMatch(
      /^422 additionalParams.helm_parameters must map value names to strings, numbers or booleans/,
    );
  });

  it('names the release as Tacker does and reads back the record its objects carry', () => {
    expect(releaseNameOf('0a1b2c3d-0000-4000-8000-00000000abcd')).toBe('vnf0a1b2c3d00004000800000000000abcd');
    const object = (annotation?: string) => ({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'vdu1-vnf0a1b', ...(annotation === undefined ? {} : { annotations: { [HELM_RELEASE_ANNOTATION]: annotation } }) },
    });
    const record = { chartPath: 'Files/kubernetes/c.tgz', valueNames: { VDU1: { replica: 'r1' } } };
    expect(recordOf(object(JSON.stringify(record)))).toEqual(record);
    expect([recordOf(object()), recordOf(object('not json')), recordOf(object('{"chartPath":1}'))]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
