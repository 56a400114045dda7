import { type StepAction } from '@vnfm/contracts';
import { randomUUID } from 'node:crypto';
import {
  flavourOf,
  initialScaleStatus,
  initialVduCounts,
  scaleStatusAfterScale,
  vduDeltaBetween,
  vnfcsToRemove,
  type ScaleInfo,
  type VnfcResourceInfo,
} from '@vnfm/lcm-domain';
import type { VnfdModel } from '@vnfm/vnfd';
import { PACKAGE_CATALOG } from '@vnfm/vnf-package-domain';
import { LIFECYCLE_CASES } from '../../../e2e/support/corpus-lifecycle-cases';
import { zipStagedPackage } from '../../../e2e/support/corpus-packages';
import { DriverHarness } from './testing/driver-harness';
import { succeeded } from './testing/basic-vnf-steps';

jest.setTimeout(300_000);

describe('openstack-driver: every corpus package flavour (with a BaseHOT or built from its VNFD) through instantiate, scale of each aspect, heal and terminate', () => {
  const harness = new DriverHarness();
  let vimId = '';
  const vnfdIds = new Map<string, string>();
  beforeAll(async () => {
    await harness.start();
    vimId = await harness.registerVim();
    for (const c of LIFECYCLE_CASES)
      if (!vnfdIds.has(c.pkg)) vnfdIds.set(c.pkg, await harness.onboard(c.pkg, await zipStagedPackage(harness.dataDir, c.pkg, c.stage)));
  });
  afterAll(() => harness.dispose());

  it.each(LIFECYCLE_CASES.map((c) => [`${c.pkg}/${c.flavourId}`, c] as const))('%s', async (_, c) => {
    const vnfdId = vnfdIds.get(c.pkg) as string;
    const flavour = flavourOf(await harness.request<VnfdModel>(PACKAGE_CATALOG.getVnfdModel, { vnfdId }, vnfdId), c.flavourId);
    const request = c.request(2, vimId) as {
      instantiationLevelId?: string;
      additionalParams?: Record<string, unknown>;
      extVirtualLinks?: unknown[];
      extManagedVirtualLinks?: unknown[];
    };
    const vims = { vim1: { vimId, vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } };
    const vnfInstanceId = randomUUID();
    let known: VnfcResourceInfo[] = [];
    let scaleStatus: ScaleInfo[] = initialScaleStatus(flavour, request.instantiationLevelId);
    const run = async (action: StepAction) => {
      const vnfLcmOpOccId = randomUUID();
      const result = succeeded(
        await harness.run({
          stepId: `${vnfLcmOpOccId}:0:1`,
          vnfLcmOpOccId,
          vnfInstanceId,
          name: action.action,
          attempt: 1,
          request: action,
          timeoutMs: 120_000,
          vimConnectionInfo: vims,
          additionalParams: request.additionalParams,
          vnfdId,
          flavourId: c.flavourId,
          vnfcResourceInfo: known,
        }),
      );
      known = [...known.filter((v) => !(result.vnfcIdsRemoved ?? []).includes(v.id)), ...(result.vnfcsAdded ?? [])];
      return result;
    };
    const vduCounts = initialVduCounts(flavour, request.instantiationLevelId);
    await run({
      action: 'instantiate',
      flavourId: c.flavourId,
      instantiationLevelId: request.instantiationLevelId,
      vduCounts,
      targetScaleStatus: scaleStatus,
      vimConnectionInfo: vims,
      extVirtualLinks: request.extVirtualLinks,
      extManagedVirtualLinks: request.extManagedVirtualLinks,
    });
    expect(known.length).toBe(Object.values(vduCounts).reduce((a, b) => a + b, 0));
    for (const [aspectId, vduId] of Object.entries(c.aspects)) {
      const before = known.filter((v) => v.vduId === vduId).length;
      for (const type of ['SCALE_OUT', 'SCALE_IN'] as const) {
        const target = scaleStatusAfterScale(flavour, scaleStatus, { type, aspectId });
        const vduDelta = vduDeltaBetween(flavour, scaleStatus, target);
        await run({
          action: 'scale',
          vduDelta,
          removeVnfcs: vnfcsToRemove(known, vduDelta),
          previousScaleStatus: scaleStatus,
          targetScaleStatus: target,
        });
        scaleStatus = target;
        expect([aspectId, type, known.filter((v) => v.vduId === vduId).length]).toEqual([
          aspectId,
          type,
          type === 'SCALE_OUT' ? before + 1 : before,
        ]);
      }
    }
    const [first] = known;
    const healOne = await run({ action: 'heal', vnfcs: [first] });
    expect(healOne.vnfcIdsRemoved).toEqual([first.id]);
    const all = known;
    const healAll = await run({ action: 'heal', vnfcs: [] });
    expect([...(healAll.vnfcIdsRemoved ?? [])].sort()).toEqual(all.map((v) => v.id).sort());
    await run({ action: 'terminate', terminationType: 'FORCEFUL', vnfcs: known });
    expect(known).toEqual([]);
    expect(harness.topStacks().filter((stack) => stack.name.includes(vnfInstanceId))).toEqual([]);
  });
});
