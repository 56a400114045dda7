import type { AppError } from '@vnfm/contracts';
import { instantiateDefinition } from './stack-definition';
import { requestedUserData } from './user-data';
import { corpusPackage } from './testing';

const refusal = (run: () => unknown): AppError => {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
};

/** Seed 000's user data, as its instantiate body names it. */
const seedUserData = {
  'lcm-operation-user-data': './UserData/k8s_cluster_user_data.py',
  'lcm-operation-user-data-class': 'KubernetesClusterUserData',
};

/** An external VL of a v1 request (SOL 003 v2.6.1: cpConfig a list) binding one CP, with its IP address data. */
const extVl = (id: string, cpdId: string, ipAddresses?: unknown[]) => ({
  id,
  resourceId: 'b0b84da3-3259-4855-b4cd-5711ba5e5de1',
  extCps: [
    {
      cpdId,
      cpConfig: [{ cpProtocolData: [{ layerProtocol: 'IP_OVER_ETHERNET', ...(ipAddresses && { ipOverEthernet: { ipAddresses } }) }] }],
    },
  ],
});

describe("Tacker's published user-data scripts on the kubespray package's BaseHOT", () => {
  const kubespray = corpusPackage('mgmt-kubespray');
  const [flavour] = kubespray.vnfd.flavours;
  const request = (additionalParams: Record<string, unknown>, extVirtualLinks: unknown[]) => ({
    vnfd: kubespray.vnfd,
    flavourId: 'simple',
    texts: kubespray.texts,
    vduCounts: { masterNode: 1, workerNode: 2, externalLB: 1 },
    extVirtualLinks,
    additionalParams,
  });
  // Seed 000's external VLs, with the package's LB CP (externalLB_CP3: the seed's VNFD calls it externalLB_CP1).
  const links = [
    extVl('net0_master', 'masterNode_CP1', [{ type: 'IPV4', subnetId: 'sub-m', fixedAddresses: ['10.0.0.4', '10.0.0.5'] }]),
    extVl('net0_worker', 'workerNode_CP2'),
    extVl('net0_externalLB', 'externalLB_CP3', [{ type: 'IPV4', numDynamicAddresses: 1 }]),
  ];

  it('fills nfv as KubernetesClusterUserData does: flavour and image of every VDU from the VNFD, each CP from extVirtualLinks', () => {
    const definition = instantiateDefinition(request({ ...seedUserData, k8s_cluster_installation_param: { script_path: '' } }, links));
    const vdu = { flavor: 'ds2G', image: 'ubuntu-20.04-server-cloudimg-amd64' };
    expect(definition.parameters).toEqual({
      nfv: {
        VDU: { masterNode: { ...vdu, desired_capacity: 1 }, workerNode: { ...vdu, desired_capacity: 2 }, externalLB: vdu },
        CP: {
          masterNode_CP1: { network: 'b0b84da3-3259-4855-b4cd-5711ba5e5de1', fixed_ips: [{ subnet: 'sub-m', ip_address: '10.0.0.5' }] },
          workerNode_CP2: { network: 'b0b84da3-3259-4855-b4cd-5711ba5e5de1', fixed_ips: [] },
          externalLB_CP3: { network: 'b0b84da3-3259-4855-b4cd-5711ba5e5de1', fixed_ips: [] },
        },
      },
    });
    const groups = definition.template['resources'] as Record<string, { properties: Record<string, unknown> }>;
    expect(groups['worker_instance'].properties['desired_capacity']).toEqual({
      get_param: ['nfv', 'VDU', 'workerNode', 'desired_capacity'],
    });
  });

  it("does the same for the kubespray package's own SampleUserData, and passes no other parameter (its BaseHOT declares only nfv)", () => {
    const sample = { 'lcm-operation-user-data': 'UserData/lcm_user_data.py', 'lcm-operation-user-data-class': 'SampleUserData' };
    const definition = instantiateDefinition(request(sample, links));
    expect(definition.parameters['nfv']).toMatchObject({ VDU: { externalLB: { flavor: 'ds2G' } }, CP: { workerNode_CP2: {} } });
    expect(Object.keys(definition.parameters)).toEqual(['nfv']);
  });

  it('refuses seed 000 as written (its LB CP is externalLB_CP1, the BaseHOT reads externalLB_CP3), naming the CP and where it comes from', () => {
    const error = refusal(() =>
      instantiateDefinition(request(seedUserData, [links[0], links[1], extVl('net0_externalLB', 'externalLB_CP1')])),
    );
    expect(error).toMatchObject({ status: 422, code: 'STACK_PARAMETERS_UNFILLED' });
    expect(error.detail).toContain(
      'nfv.CP.externalLB_CP3.network: KubernetesClusterUserData fills it from the extVirtualLinks[].extCps[] entry with cpdId externalLB_CP3, which the request does not give',
    );
    expect(error.detail).not.toContain('masterNode');
  });

  it('lets additionalParams.nfv replace what the class fills, as the script does', () => {
    const nfv = { VDU: { masterNode: { flavor: 'm1.large', image: 'img' } }, CP: {} };
    const error = refusal(() => instantiateDefinition(request({ ...seedUserData, nfv }, links)));
    expect(error.detail).toContain('nfv.VDU.workerNode.flavor: additionalParams.nfv replaces what the user-data class fills');
    expect(error.detail).not.toContain('nfv.VDU.masterNode.flavor');
  });

  it('recognises the published classes by file and class name, and refuses any other, half a pair, or a flavour without BaseHOT', () => {
    expect(requestedUserData({}, flavour)).toBeUndefined();
    expect(requestedUserData(seedUserData, flavour)).toMatchObject({ kind: 'user-data-util', className: 'KubernetesClusterUserData' });
    const defaults = { 'lcm-operation-user-data': './UserData/userdata_default.py', 'lcm-operation-user-data-class': 'DefaultUserData' };
    expect(requestedUserData(defaults, flavour)).toMatchObject({ kind: 'default' });
    const own = { 'lcm-operation-user-data': './UserData/my_user_data.py', 'lcm-operation-user-data-class': 'MyUserData' };
    expect(refusal(() => requestedUserData(own, flavour))).toMatchObject({
      status: 422,
      code: 'USER_DATA_NOT_AVAILABLE',
      detail: expect.stringContaining('The user-data class MyUserData of ./UserData/my_user_data.py is not one this VNFM knows'),
    });
    const swapped = { ...seedUserData, 'lcm-operation-user-data-class': 'SampleUserData' };
    expect(refusal(() => requestedUserData(swapped, flavour)).detail).toContain('SampleUserData of ./UserData/k8s_cluster_user_data.py');
    expect(
      refusal(() => requestedUserData({ 'lcm-operation-user-data': './UserData/k8s_cluster_user_data.py' }, flavour)).detail,
    ).toContain('must give both lcm-operation-user-data and lcm-operation-user-data-class');
    const registry = corpusPackage('mgmt-private-registry');
    expect(refusal(() => requestedUserData(seedUserData, registry.vnfd.flavours[0])).detail).toContain('flavour simple has none');
    // A change of package to it carries the instantiation's script along: its template built from the VNFD does not use it.
    const changed = instantiateDefinition({
      vnfd: registry.vnfd,
      flavourId: 'simple',
      texts: {},
      vduCounts: { PrivateRegistryVDU: 1 },
      extVirtualLinks: [extVl('net0', 'CP1')],
      additionalParams: seedUserData,
    });
    expect(changed.parameters['nfv']).toEqual({
      VDU: { PrivateRegistryVDU: { vcImageId: 'Image for Private registry' } },
      CP: { CP1: { network: 'b0b84da3-3259-4855-b4cd-5711ba5e5de1' } },
    });
  });
});
