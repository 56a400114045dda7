import { contractViolations } from '@vnfm/vnf-package-domain/testing';
import { withAbsoluteLinks } from './absolute-links';
import type { NetworkResources, VnfExtCpInfo } from '../sol003/sol003.types';
import { LcmWorkflowHarness, OPENSTACK_VIM, sampleVnfd, vnfc } from '../testing';
import type { VnfInstanceEvent } from '../vnf-instance/vnf-instance.events';
import type { VnfInstance } from '../vnf-instance/vnf-instance.state';
import type { VnfLcmApiMajor } from './api-version';
import { toVnfInstanceView } from './vnf-instance.view';
import { toVnfLcmOpOccView } from './vnf-lcm-op-occ.view';
import type { VnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.state';

/** Tacker's os-v2-instantiate-max links, in short: VDU1_CP1 on a network with a dynamic IPv4 address, a managed internal VL. */
const extVirtualLinks = [
  {
    id: 'ext-link-1',
    resourceProviderId: 'Company',
    resourceId: 'net0',
    extCps: [
      {
        cpdId: 'VDU1_CP1',
        cpConfig: {
          'VDU1_CP1-config': {
            cpProtocolData: [
              {
                layerProtocol: 'IP_OVER_ETHERNET',
                ipOverEthernet: { ipAddresses: [{ type: 'IPV4', numDynamicAddresses: 1, subnetId: 'subnet0' }] },
              },
            ],
          },
        },
      },
    ],
  },
];
const extManagedVirtualLinks = [{ id: 'managed-1', vnfVirtualLinkDescId: 'internalVL1', resourceId: 'net_mgmt' }];
/** Tacker's os-v2-change-ext-conn-max, in short: VDU1_CP1 moves to another network with a fixed address and a range. */
const changedAddresses = [
  { type: 'IPV4', fixedAddresses: ['22.22.1.10'], subnetId: 'subnet1' },
  { type: 'IPV4', ipAddressRange: { minAddress: '22.22.2.1', maxAddress: '22.22.2.9' } },
];
const changedLinks = [
  {
    id: 'ext-link-2',
    vimConnectionId: 'vim1',
    resourceId: 'net1',
    extCps: [
      {
        cpdId: 'VDU1_CP1',
        cpConfig: {
          'VDU1_CP1-new': { cpProtocolData: [{ layerProtocol: 'IP_OVER_ETHERNET', ipOverEthernet: { ipAddresses: changedAddresses } }] },
        },
      },
    ],
  },
];

const extCp = (port: string): VnfExtCpInfo => ({ id: port, cpdId: 'VDU1_CP1', metadata: { vnfcResourceInfoId: 'server-a' } });
const network = (port: string): NetworkResources => ({
  extCpInfo: [extCp(port)],
  virtualLinkResourceInfo: [],
  vnfcCpInfo: { a: [{ id: port, cpdId: 'VDU1_CP1', vnfExtCpId: port }] },
});
const created: VnfInstanceEvent[] = [
  { type: 'VnfInstanceCreated', data: { vnfInstanceId: 'vnf-1', vnfdId: 'vnfd-1', metadata: {}, createdAt: '2025-01-01T00:00:00.000Z' } },
];
const identity = { vnfPkgId: 'pkg-1', vnfProvider: 'Company', vnfProductName: 'Sample VNF', vnfSoftwareVersion: '1.0', vnfdVersion: '1.0' };

/** An instance instantiated with external links (ports reported by the driver), then the occurrences of later operations on it. */
function instantiated() {
  const run = new LcmWorkflowHarness([...created], 'vnf-1', 'op-inst').start(
    {
      operation: 'INSTANTIATE',
      params: { flavourId: 'simple', vimConnectionInfo: OPENSTACK_VIM, extVirtualLinks, extManagedVirtualLinks },
    },
    sampleVnfd(),
  );
  run.succeed({
    vnfcsAdded: [vnfc('a', 'VDU1'), vnfc('b', 'VDU2'), vnfc('c', 'VDU2')],
    extCpInfo: [extCp('port-1')],
    network: network('port-1'),
  });
  return run;
}

/** The body as the gateway sends it: JSON, with absolute hrefs. */
const sent = (view: unknown) => withAbsoluteLinks(JSON.parse(JSON.stringify(view)) as unknown, 'http://vnfm.example:9890');
const instanceViolations = (major: VnfLcmApiMajor, instance: VnfInstance) =>
  contractViolations(`lcm-v${major}`, 'GET', '/vnf_instances/{vnfInstanceId}', 200, sent(toVnfInstanceView(major, instance, identity)));
const opOccViolations = (major: VnfLcmApiMajor, opOcc: VnfLcmOpOcc) =>
  contractViolations(`lcm-v${major}`, 'GET', '/vnf_lcm_op_occs/{vnfLcmOpOccId}', 200, sent(toVnfLcmOpOccView(major, opOcc)));

describe.each([1, 2] as const)('SOL 003 views of /vnflcm/v%i against the ETSI OpenAPI contract', (major) => {
  it('an instantiated VnfInstance reports extCpInfo with its protocol info, extVirtualLinkInfo and extManagedVirtualLinkInfo', () => {
    const instance = instantiated().instance() as VnfInstance;
    expect(instanceViolations(major, instance)).toEqual([]);
    const info = toVnfInstanceView(major, instance, identity).instantiatedVnfInfo;
    expect(info?.extCpInfo).toEqual([
      {
        id: 'port-1',
        cpdId: 'VDU1_CP1',
        ...(major === 2 && { cpConfigId: 'VDU1_CP1-config' }),
        // v2.6.1 requires a MAC address in ipOverEthernet; none was given, so v1 keeps the layer protocol only.
        cpProtocolInfo: [
          major === 2
            ? { layerProtocol: 'IP_OVER_ETHERNET', ipOverEthernet: { ipAddresses: [{ type: 'IPV4', subnetId: 'subnet0' }] } }
            : { layerProtocol: 'IP_OVER_ETHERNET' },
        ],
        extLinkPortId: 'port-1',
        metadata: { vnfcResourceInfoId: 'server-a' },
        associatedVnfcCpId: 'port-1',
      },
    ]);
    expect(info?.extVirtualLinkInfo).toEqual([
      {
        id: 'ext-link-1',
        resourceHandle: { vimConnectionId: 'vim1', resourceProviderId: 'Company', resourceId: 'net0' },
        extLinkPorts: [
          {
            id: 'port-1',
            resourceHandle: { vimConnectionId: 'vim1', resourceId: 'port-1', vimLevelResourceType: 'OS::Neutron::Port' },
            cpInstanceId: 'port-1',
          },
        ],
        ...(major === 2 && { currentVnfExtCpData: extVirtualLinks[0].extCps }),
      },
    ]);
    expect(info?.extManagedVirtualLinkInfo).toEqual([
      {
        id: 'managed-1',
        vnfVirtualLinkDescId: 'internalVL1',
        networkResource: { vimConnectionId: 'vim1', resourceId: 'net_mgmt', vimLevelResourceType: 'OS::Neutron::Net' },
      },
    ]);
    expect(info).not.toHaveProperty('extVirtualLinks');
  });

  it('a COMPLETED CHANGE_EXT_CONN carries changedExtConnectivity; the instance then reports the changed link beside the kept one', () => {
    const before = instantiated();
    const change = new LcmWorkflowHarness(before.instanceEvents, 'vnf-1', 'op-cec').start(
      { operation: 'CHANGE_EXT_CONN', params: { extVirtualLinks: changedLinks } },
      sampleVnfd(),
    );
    change.succeed({ extCpInfo: [extCp('port-2')], network: network('port-2') });
    const opOcc = change.opOcc() as VnfLcmOpOcc;
    expect(opOcc.operationState).toBe('COMPLETED');
    expect(opOccViolations(major, opOcc)).toEqual([]);
    expect(toVnfLcmOpOccView(major, opOcc).changedExtConnectivity).toEqual([
      {
        id: 'ext-link-2',
        resourceHandle: { vimConnectionId: 'vim1', resourceId: 'net1' },
        extLinkPorts: [
          {
            id: 'port-2',
            resourceHandle: { vimConnectionId: 'vim1', resourceId: 'port-2', vimLevelResourceType: 'OS::Neutron::Port' },
            cpInstanceId: 'port-2',
          },
        ],
        ...(major === 2 && { currentVnfExtCpData: changedLinks[0].extCps }),
      },
    ]);
    const instance = change.instance() as VnfInstance;
    expect(instanceViolations(major, instance)).toEqual([]);
    const info = toVnfInstanceView(major, instance, identity).instantiatedVnfInfo;
    expect(info?.extVirtualLinkInfo?.map((link) => link.id)).toEqual(['ext-link-1', 'ext-link-2']);
    expect(info?.extCpInfo).toMatchObject([{ id: 'port-2', ...(major === 2 && { cpConfigId: 'VDU1_CP1-new' }), extLinkPortId: 'port-2' }]);
    if (major === 2)
      expect(info?.extCpInfo[0].cpProtocolInfo).toEqual([
        {
          layerProtocol: 'IP_OVER_ETHERNET',
          ipOverEthernet: {
            ipAddresses: [
              { type: 'IPV4', addresses: ['22.22.1.10'], isDynamic: false, subnetId: 'subnet1' },
              { type: 'IPV4', addressRange: { minAddress: '22.22.2.1', maxAddress: '22.22.2.9' } },
            ],
          },
        },
      ]);
  });

  it('a COMPLETED MODIFY_INFO carries changedInfo: the modified attributes as requested', () => {
    const modify = new LcmWorkflowHarness([...created], 'vnf-1', 'op-mod').start(
      { operation: 'MODIFY_INFO', params: { vnfInstanceName: 'renamed', metadata: { owner: 'ops' }, vimConnectionInfo: OPENSTACK_VIM } },
      sampleVnfd(),
    );
    const opOcc = modify.opOcc() as VnfLcmOpOcc;
    expect(opOcc.operationState).toBe('COMPLETED');
    expect(opOccViolations(major, opOcc)).toEqual([]);
    expect(toVnfLcmOpOccView(major, opOcc).changedInfo).toEqual({
      vnfInstanceName: 'renamed',
      metadata: { owner: 'ops' },
      vimConnectionInfo: major === 1 ? [{ id: 'vim1', ...OPENSTACK_VIM.vim1 }] : OPENSTACK_VIM,
    });
  });

  it('a FAILED_TEMP occurrence carries its error and conforms; one still PROCESSING reports no changes', () => {
    const failing = new LcmWorkflowHarness([...created], 'vnf-1', 'op-fail').start(
      { operation: 'INSTANTIATE', params: { flavourId: 'simple', vimConnectionInfo: OPENSTACK_VIM, extVirtualLinks } },
      sampleVnfd(),
    );
    expect(toVnfLcmOpOccView(major, failing.opOcc() as VnfLcmOpOcc)).not.toHaveProperty('changedExtConnectivity');
    failing.failStep('Heat stack CREATE_FAILED');
    const opOcc = failing.opOcc() as VnfLcmOpOcc;
    expect(opOcc.operationState).toBe('FAILED_TEMP');
    expect(opOccViolations(major, opOcc)).toEqual([]);
    expect(instanceViolations(major, failing.instance() as VnfInstance)).toEqual([]);
  });
});
