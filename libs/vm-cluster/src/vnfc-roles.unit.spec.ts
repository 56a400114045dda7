import { clusterErrors } from './cluster-errors';
import { vnfcOf } from './testing';
import { cpAddress, requireAddress, roleOf } from './vnfc-roles';

const errors = clusterErrors('TEST', 'test MgmtDriver');
const roles = { master: { sshCpName: 'm_CP' }, worker: { sshCpName: 'w_CP', vduId: 'workers' } };

describe('the VNFCs of a cluster on VMs', () => {
  it('tells each role by the CP or VDU the parameters name, else by the sample VDU ids, and leaves other VDUs alone', () => {
    expect(roleOf(vnfcOf('a', 'anyVdu', { m_CP: '10.0.0.1' }), roles, errors)).toBe('master');
    expect(roleOf(vnfcOf('b', 'workers', { other_CP: '10.0.0.2' }), roles, errors)).toBe('worker');
    expect(roleOf(vnfcOf('c', 'workerNode', { x_CP: '10.0.0.3' }), roles, errors)).toBe('worker');
    expect(roleOf(vnfcOf('d', 'externalLB', { x_CP: '10.0.0.4' }), roles, errors)).toBeUndefined();
    expect(roleOf(vnfcOf('e', 'other', { x_CP: '10.0.0.5' }), roles, errors)).toBeUndefined();
    expect(() => roleOf(vnfcOf('f', 'x', { m_CP: '10.0.0.6', w_CP: '10.0.0.7' }), roles, errors)).toThrow(
      expect.objectContaining({
        status: 422,
        code: 'TEST_VNFCS_NOT_USABLE',
        detail: expect.stringContaining('several roles (master, worker)'),
      }),
    );
  });

  it('refuses a VNFC without the named CP, naming the member and its CPs', () => {
    expect(() => requireAddress(vnfcOf('g', 'v', { a_CP: '10.0.0.8' }), 'm_CP', 'master_node.ssh_cp_name', errors)).toThrow(
      expect.objectContaining({
        code: 'TEST_VNFCS_NOT_USABLE',
        detail: 'VNFC g (VDU v) has no address on CP m_CP named by master_node.ssh_cp_name; its CPs: a_CP.',
      }),
    );
  });

  it('prefers the IPv4 address of a CP and answers undefined for a CP without one', () => {
    const v6 = vnfcOf('v6', 'workerNode', {});
    v6.vnfcCpInfo = [
      {
        id: 'p',
        cpdId: 'cp',
        cpProtocolInfo: [
          {
            layerProtocol: 'IP_OVER_ETHERNET',
            ipOverEthernet: {
              ipAddresses: [
                { type: 'IPV6', addresses: ['fd00::4'] },
                { type: 'IPV4', addresses: ['10.1.1.1'] },
              ],
            },
          },
        ],
      },
    ];
    expect(cpAddress(v6, 'cp')).toBe('10.1.1.1');
    expect(cpAddress(v6, 'none')).toBeUndefined();
  });
});
