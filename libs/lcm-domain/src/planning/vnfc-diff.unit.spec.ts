import type { VnfcResourceInfo } from '../sol003/sol003.types';
import { diffVnfcs } from './vnfc-diff';

const vnfc = (id: string, vduId: string): VnfcResourceInfo => ({
  id,
  vduId,
  computeResource: { vimConnectionId: 'vim1', resourceId: id, vimLevelResourceType: 'OS::Nova::Server' },
});
const [vnfc1, vnfc2, vnfc3] = [vnfc('srv-1', 'VDU1'), vnfc('srv-2', 'VDU1'), vnfc('srv-3', 'VDU2')];

describe('diffVnfcs', () => {
  it('tells added and removed VNFCs by id, never by count', () => {
    expect(diffVnfcs([vnfc1, vnfc2], [vnfc1, vnfc3])).toEqual({ added: [vnfc3], removedIds: ['srv-2'] });
  });

  it('sees a VNFC replaced under the same VDU (a healed pod has a new name) as one added and one removed', () => {
    const healed = vnfc('srv-9', 'VDU1');
    expect(diffVnfcs([vnfc1, vnfc3], [healed, vnfc3])).toEqual({ added: [healed], removedIds: ['srv-1'] });
  });

  it('reports nothing when the same VNFCs are seen again in another order', () => {
    expect(diffVnfcs([vnfc1, vnfc2], [vnfc2, vnfc1])).toEqual({ added: [], removedIds: [] });
  });
});
