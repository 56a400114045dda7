import { ResourceTree } from './heat-resources';
import { networkResourcesOf, type FlavourNetwork } from './network-resources';
import { heatResource as resource } from './testing';

const top = { name: 'vnf-1', id: 's-top' };
const member = { name: 'vnf-1-VDU1_scale_group-a-m1-b', id: 's-m1' };

/** A VDU1 member and VDU2 at the top, both on internalVL3; VDU2_CP2 is an external CP; one VL port no server uses. */
const tree = new ResourceTree([
  resource('internalVL3', 'OS::Neutron::Net', 'net-3', top),
  resource('m1', 'VDU1.yaml', 's-m1', top, { nested: member }),
  resource('VDU1_CP5', 'OS::Neutron::Port', 'port-15', member, { requiredBy: ['VDU1'] }),
  resource('VDU1', 'OS::Nova::Server', 'srv-1', member),
  resource('VDU2_CP2', 'OS::Neutron::Port', 'port-22', top, { requiredBy: ['VDU2'] }),
  resource('VDU2_CP5', 'OS::Neutron::Port', 'port-25', top, { requiredBy: ['VDU2'] }),
  resource('VDU2', 'OS::Nova::Server', 'srv-2', top),
  resource('VDU9_CP5', 'OS::Neutron::Port', 'port-95', top),
  resource('scratch', 'OS::Neutron::Net', 'net-x', top),
]);
const flavour: FlavourNetwork = {
  cps: [
    { id: 'VDU1_CP5', vduId: 'VDU1', layerProtocols: [], virtualLinkId: 'internalVL3' },
    { id: 'VDU2_CP2', vduId: 'VDU2', layerProtocols: [] },
    { id: 'VDU2_CP3', vduId: 'VDU2', layerProtocols: [], virtualLinkId: 'internalVL1' },
    { id: 'VDU2_CP5', vduId: 'VDU2', layerProtocols: [], virtualLinkId: 'internalVL3' },
    { id: 'VDU9_CP5', vduId: 'VDU9', layerProtocols: [], virtualLinkId: 'internalVL3' },
  ],
  vls: [
    { id: 'internalVL1', layerProtocols: [], cidrs: [] },
    { id: 'internalVL3', layerProtocols: [], cidrs: [] },
  ],
};
const handle = (resourceId: string, type: string) => ({ vimConnectionId: 'vim1', resourceId, vimLevelResourceType: type });

describe('the network of a deployment, read from its stack tree', () => {
  const network = networkResourcesOf(tree, flavour, new Set(['VDU2_CP2']), 'vim1');

  it('lists each internal virtual link the stack created with every port on it, and no other network', () => {
    expect(network.virtualLinkResourceInfo).toEqual([
      {
        id: 'net-3',
        vnfVirtualLinkDescId: 'internalVL3',
        networkResource: handle('net-3', 'OS::Neutron::Net'),
        vnfLinkPorts: [
          { id: 'port-15', resourceHandle: handle('port-15', 'OS::Neutron::Port'), cpInstanceId: 'port-15', cpInstanceType: 'VNFC_CP' },
          { id: 'port-25', resourceHandle: handle('port-25', 'OS::Neutron::Port'), cpInstanceId: 'port-25', cpInstanceType: 'VNFC_CP' },
          { id: 'port-95', resourceHandle: handle('port-95', 'OS::Neutron::Port') },
        ],
      },
    ]);
  });

  it("gives each VNFC its ports, linked to the virtual link's port or the external CP", () => {
    expect(network.vnfcCpInfo).toEqual({
      'srv-1': [{ id: 'port-15', cpdId: 'VDU1_CP5', vnfLinkPortId: 'port-15' }],
      'srv-2': [
        { id: 'port-22', cpdId: 'VDU2_CP2', vnfExtCpId: 'port-22' },
        { id: 'port-25', cpdId: 'VDU2_CP5', vnfLinkPortId: 'port-25' },
      ],
    });
  });

  it('reports the external CPs with the VNFC each connects', () => {
    expect(network.extCpInfo).toEqual([{ id: 'port-22', cpdId: 'VDU2_CP2', metadata: { vnfcResourceInfoId: 'srv-2' } }]);
  });
});

describe("a VNFC CP's addresses (SOL 003 §4.4.1.10b CpProtocolInfo), from its Neutron port as Heat shows it", () => {
  // As Heat lists them `with_detail`: each port with its attributes.
  const attributes: Record<string, Record<string, unknown>> = {
    'port-15': {
      mac_address: 'fa:16:3e:00:00:15',
      fixed_ips: [
        { ip_address: '10.0.3.15', subnet_id: 'sub-3' },
        { ip_address: 'fd00::15', subnet_id: 'sub-6' },
      ],
    },
    'port-22': {
      mac_address: 'fa:16:3e:00:00:22',
      fixed_ips: [
        { ip_address: '192.168.0.22', subnet_id: 'sub-ext' },
        { ip_address: '192.168.0.23', subnet_id: 'sub-ext' },
      ],
    },
  };
  const withPorts = new ResourceTree(
    tree.resources.map((resource) =>
      attributes[resource.physical_resource_id] ? { ...resource, attributes: attributes[resource.physical_resource_id] } : resource,
    ),
  );
  const network = networkResourcesOf(withPorts, flavour, new Set(['VDU2_CP2']), 'vim1');

  it('gives each CP its MAC and its fixed IPs grouped by subnet, typed IPv4 or IPv6', () => {
    expect(network.vnfcCpInfo['srv-1']).toEqual([
      {
        id: 'port-15',
        cpdId: 'VDU1_CP5',
        vnfLinkPortId: 'port-15',
        cpProtocolInfo: [
          {
            layerProtocol: 'IP_OVER_ETHERNET',
            ipOverEthernet: {
              macAddress: 'fa:16:3e:00:00:15',
              ipAddresses: [
                { type: 'IPV4', addresses: ['10.0.3.15'], isDynamic: false, subnetId: 'sub-3' },
                { type: 'IPV6', addresses: ['fd00::15'], isDynamic: false, subnetId: 'sub-6' },
              ],
            },
          },
        ],
      },
    ]);
    expect(network.vnfcCpInfo['srv-2'][0].cpProtocolInfo?.[0].ipOverEthernet?.ipAddresses).toEqual([
      { type: 'IPV4', addresses: ['192.168.0.22', '192.168.0.23'], isDynamic: false, subnetId: 'sub-ext' },
    ]);
  });

  it('leaves out cpProtocolInfo for a port whose attributes were not read', () => {
    expect(network.vnfcCpInfo['srv-2'][1]).toEqual({ id: 'port-25', cpdId: 'VDU2_CP5', vnfLinkPortId: 'port-25' });
  });
});
