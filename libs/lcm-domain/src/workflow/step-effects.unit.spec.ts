import { instanceChangesOf } from './step-effects';
import { vnfc } from '../testing';

const network = { extCpInfo: [], virtualLinkResourceInfo: [], vnfcCpInfo: {} };

describe('what a succeeded step changes on the instance', () => {
  it('takes the network a driver read after scaling, healing or changing connectivity', () => {
    const scale = instanceChangesOf(
      {
        action: 'scale',
        vduDelta: { VDU1: 1 },
        removeVnfcs: [],
        previousScaleStatus: [],
        targetScaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 1 }],
      },
      { vnfcsAdded: [vnfc('c', 'VDU1')], network },
    );
    expect(scale).toEqual({
      vnfcIdsRemoved: [],
      vnfcsAdded: [vnfc('c', 'VDU1')],
      scaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 1 }],
      network,
    });
    expect(instanceChangesOf({ action: 'heal', vnfcs: [] }, { network }).network).toBe(network);
    expect(instanceChangesOf({ action: 'change_ext_conn', extVirtualLinks: [] }, { extCpInfo: [], network }).network).toBe(network);
  });

  it('keeps no network after terminate, and none when the driver reported none', () => {
    expect(instanceChangesOf({ action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] }, { network }).network).toBeUndefined();
    expect(instanceChangesOf({ action: 'heal', vnfcs: [] }, {}).network).toBeUndefined();
  });
});
