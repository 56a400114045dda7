import type { Request } from 'express';
import { LCM_COORDINATOR } from '@vnfm/lcm-domain';
import type { ServiceRuntime } from '@vnfm/platform';
import { VIM_REGISTRY_MESSAGES } from '@vnfm/vim-domain';
import { PACKAGE_CATALOG } from '@vnfm/vnf-package-domain';
import { PolicyTargets } from './policy-targets';

/** The services' answers by message and id, as the bus would give them; an unknown id is the services' 404. */
function targetsOver(answers: Record<string, Record<string, unknown>>): { targets: PolicyTargets; asked: string[] } {
  const asked: string[] = [];
  const bus = {
    request: async (topic: string, message: Record<string, string> & { query?: { filter: string } }) => {
      if (topic === LCM_COORDINATOR.listVnfInstances) {
        const ids = message.query?.filter.replace(/^\(in,id,|\)$/g, '').split(',') ?? [];
        asked.push(`${topic} ${ids.join(',')}`);
        return { items: ids.map((each) => answers[LCM_COORDINATOR.getVnfInstance]?.[each]).filter(Boolean) };
      }
      const id = message['vimId'] ?? message['vnfInstanceId'] ?? message['vnfPkgId'] ?? message['vnfdId'];
      asked.push(`${topic} ${id}`);
      const answer = answers[topic]?.[id];
      if (answer === undefined) throw Object.assign(new Error('not found'), { status: 404 });
      return answer;
    },
  };
  return { targets: new PolicyTargets({ bus } as unknown as ServiceRuntime), asked };
}

const VIMS = {
  tokyo: { vim: { id: 'tokyo', extra: { area: 'tokyo@japan' }, vim_project: { name: 'nfv' } } },
  bare: { vim: { id: 'bare', extra: {}, vim_project: { name: 'cnf-ns' } } },
};
const instance = (id: string, fields: Record<string, unknown>) => ({ id, vnfProvider: 'Company', ...fields });
const request = (params: Record<string, string>, body?: unknown) => ({ params, body }) as unknown as Request;

describe('the attributes of what a request touches, for enhanced policy', () => {
  const { targets, asked } = targetsOver({
    [VIM_REGISTRY_MESSAGES.getVim]: VIMS,
    [PACKAGE_CATALOG.getPackage]: {
      p1: { id: 'p1', onboardingState: 'ONBOARDED', vnfProvider: 'Company' },
      p2: { id: 'p2', onboardingState: 'CREATED' },
      d1: { id: 'p1', onboardingState: 'ONBOARDED', vnfProvider: 'Company' },
    },
    [LCM_COORDINATOR.getVnfInstance]: {
      fresh: instance('fresh', { instantiationState: 'NOT_INSTANTIATED', vimConnectionInfo: {} }),
      vnf: instance('vnf', {
        instantiationState: 'INSTANTIATED',
        vimConnectionInfo: { vim1: { vimId: 'tokyo' } },
        instantiatedVnfInfo: { vnfcResourceInfo: [{ id: 'c1' }] },
      }),
      cnf: instance('cnf', {
        instantiationState: 'INSTANTIATED',
        vimConnectionInfo: { vim1: { vimId: 'bare' } },
        instantiatedVnfInfo: { vnfcResourceInfo: [{ id: 'c1', metadata: { namespace: 'team-a' } }] },
      }),
      orphan: instance('orphan', { instantiationState: 'INSTANTIATED', vimConnectionInfo: { vim1: { vimId: 'deleted' } } }),
    },
  });

  it('reads a VIM, a package and an instance by their route parameters', async () => {
    expect(await targets.of('vim', request({ vimId: 'tokyo' }))).toEqual({ area: 'tokyo@japan' });
    expect(await targets.of('vim', request({ vimId: 'bare' }))).toEqual({});
    expect(await targets.of('package', request({ vnfPkgId: 'p1' }))).toEqual({ vendor: 'Company' });
    expect(await targets.of('package', request({ vnfdId: 'd1' }))).toEqual({ vendor: 'Company' });
    expect(await targets.of('package', request({ vnfPkgId: 'p2' }))).toEqual({ vendor: '*' });
    expect(await targets.of('instance', request({ vnfInstanceId: 'fresh' }))).toEqual({ vendor: 'Company', area: '*', tenant: '*' });
    expect(await targets.of('instance', request({ vnfInstanceId: 'vnf' }))).toEqual({
      vendor: 'Company',
      area: 'tokyo@japan',
      tenant: 'nfv',
    });
    expect(await targets.of('instance', request({ vnfInstanceId: 'cnf' }))).toEqual({ vendor: 'Company', tenant: 'team-a' });
    // The VIM it ran on is gone: no area, no tenant, so rules comparing them refuse it.
    expect(await targets.of('instance', request({ vnfInstanceId: 'orphan' }))).toEqual({ vendor: 'Company' });
    expect(await targets.of('vnfd-of-body', request({}, { vnfdId: 'd1' }))).toEqual({ vendor: 'Company' });
    expect(await targets.of('vnfd-of-body', request({}, { vnfdId: 'unknown' }))).toEqual({});
    expect(await targets.of('vnfd-of-body', request({}, 'not json'))).toEqual({});
  });

  it('answers an unknown id as the service does (404), before any rule', async () => {
    await expect(targets.of('vim', request({ vimId: 'elsewhere' }))).rejects.toMatchObject({ status: 404 });
    await expect(targets.of('instance', request({ vnfInstanceId: 'elsewhere' }))).rejects.toMatchObject({ status: 404 });
  });

  it('filters lists item by item, reading only what a view lacks', async () => {
    const inTokyo = (target: { area?: string }) => target.area === 'tokyo@japan' || target.area === '*';
    const vims = { vims: [VIMS.tokyo.vim, VIMS.bare.vim, { id: 'tokyo' }] };
    expect(await targets.filter('vim-list', vims, inTokyo)).toEqual({ vims: [VIMS.tokyo.vim, { id: 'tokyo' }] });
    asked.length = 0;
    const packages = [
      { id: 'p1', onboardingState: 'ONBOARDED', vnfProvider: 'Company' },
      { id: 'p2', onboardingState: 'CREATED' },
      { id: 'p1' },
    ];
    expect(await targets.filter('package-list', packages, (target) => target.vendor === 'Company')).toEqual([packages[0], packages[2]]);
    expect(asked).toEqual([`${PACKAGE_CATALOG.getPackage} p1`]);
    // One list of the page's instances; an instance gone meanwhile is left out.
    asked.length = 0;
    const instances = [{ id: 'fresh' }, { id: 'vnf' }, { id: 'cnf' }, { id: 'gone' }];
    expect(await targets.filter('instance-list', instances, inTokyo)).toEqual([{ id: 'fresh' }, { id: 'vnf' }]);
    expect(asked).toEqual([
      `${LCM_COORDINATOR.listVnfInstances} fresh,vnf,cnf,gone`,
      `${VIM_REGISTRY_MESSAGES.getVim} tokyo`,
      `${VIM_REGISTRY_MESSAGES.getVim} bare`,
    ]);
  });
});
