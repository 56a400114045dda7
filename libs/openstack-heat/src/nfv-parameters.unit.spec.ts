import { extCpBindings } from './ext-virtual-links';
import { nfvParamPaths } from './hot-template';
import { mergePatch } from '@vnfm/util';
import { changeExtConnNfv, withDesiredCapacities } from './nfv-parameters';
import { heatTemplateFiles } from './heat-files';
import { corpusPackage, tackerRequestBody } from './testing';

describe('nfv parameter changes after instantiation', () => {
  const { vnfd, texts } = corpusPackage('vnf-v2-basic-lcms-max');
  const baseHot = vnfd.flavours[0].baseHot;
  if (!baseHot) throw new Error('the corpus flavour has a BaseHOT');
  const paths = nfvParamPaths(heatTemplateFiles(baseHot, texts).template);
  const current = {
    VDU: { VDU1: { computeFlavourId: 'm1.tiny', desired_capacity: 1 } },
    CP: {
      VDU1_CP1: { network: 'old-net', fixed_ips: [{ subnet: 'old-sub' }] },
      VDU1_CP2: { network: 'keep-net', fixed_ips: [{ subnet: 'keep-sub' }] },
      VDU2_CP2: { network: 'old-net', fixed_ips: [{ ip_address: '10.0.0.1', subnet: 'old-sub' }, { subnet: 'old-v6' }] },
    },
  };

  it('change_ext_conn rebinds exactly the CPs the request names, to the new network and fixed IPs', () => {
    const request = tackerRequestBody('os-v2-change-ext-conn-max');
    const nfv = changeExtConnNfv(current, paths, extCpBindings(request['extVirtualLinks'] as unknown[]));
    expect(nfv).toEqual({
      VDU: current.VDU,
      CP: {
        VDU1_CP1: { network: '<net:ft-net1>', fixed_ips: [{ subnet: '<subnet:ft-ipv4-subnet1>' }] },
        VDU1_CP2: current.CP.VDU1_CP2,
        VDU2_CP2: {
          network: '<net:ft-net1>',
          fixed_ips: [{ ip_address: '22.22.22.101', subnet: '<subnet:ft-ipv4-subnet1>' }, { subnet: '<subnet:ft-ipv6-subnet1>' }],
        },
      },
    });
    expect(current.CP.VDU1_CP1.network).toBe('old-net');
  });

  it('sets desired capacities per VDU and leaves the rest as it was', () => {
    expect(withDesiredCapacities(current, { VDU1: 3 })).toEqual({
      ...current,
      VDU: { VDU1: { computeFlavourId: 'm1.tiny', desired_capacity: 3 } },
    });
    expect(withDesiredCapacities(current, { VDU1: 2 }, { VDU1: ['VDU', 'VDU1', 'number_of_instance'] }).VDU).toEqual({
      VDU1: { computeFlavourId: 'm1.tiny', desired_capacity: 1, number_of_instance: 2 },
    });
  });

  it('merges as RFC 7386 JSON Merge Patch: objects merge, null removes, lists replace', () => {
    expect(mergePatch({ a: { b: 1, c: 2 }, l: [1, 2] }, { a: { b: null, d: 4 }, l: [3] })).toEqual({ a: { c: 2, d: 4 }, l: [3] });
    expect(mergePatch({ a: 1 }, 'text')).toBe('text');
  });

  it('reads v1 cpConfig lists and skips external VLs without a network', () => {
    const bindings = extCpBindings([
      {
        id: 'v',
        resourceId: 'n',
        extCps: [
          { cpdId: 'CP1', cpConfig: [{ cpProtocolData: [{ ipOverEthernet: { ipAddresses: [{ fixedAddresses: ['1.1.1.1'] }] } }] }] },
        ],
      },
      { id: 'x', extCps: [{ cpdId: 'CP2' }] },
      'junk',
    ]);
    expect(bindings).toEqual([
      { cpdId: 'CP1', extVirtualLinkId: 'v', network: 'n', port: undefined, fixedIps: [{ subnet: undefined, ipAddress: '1.1.1.1' }] },
    ]);
  });
});
