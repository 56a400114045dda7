import { ipv4NetworkAddresses, isIpAddress, isStrictNetwork } from './ip-networks';

describe('networks as Python ipaddress reads them (Tacker checks the CIDRs with it)', () => {
  it.each([
    '192.168.0.0/16',
    '10.96.0.0/12',
    '10.199.187.0/24',
    '10.0.0.1',
    '0.0.0.0/0',
    'fd00::/64',
    '::/0',
    '2001:db8::/32',
    '::ffff:10.0.0.0/120',
  ])('takes %s', (cidr) => expect(isStrictNetwork(cidr)).toBe(true));

  it.each([
    '192.168.3.0/16',
    '10.0.0.1/24',
    '256.0.0.0/8',
    '10.0.0/8',
    '10.0.0.0/33',
    '10.0.0.0/',
    'fd00::1/64',
    'fd00:::/64',
    'x',
    '10.0.0.0/8/8',
    '01.2.3.4/32',
  ])('refuses %s (host bits set, or not a network)', (cidr) => expect(isStrictNetwork(cidr)).toBe(false));

  it('tells addresses from other text', () => {
    expect(['10.0.0.1', 'fd00::10', '::1'].map(isIpAddress)).toEqual([true, true, true]);
    expect(['10.0.0.256', 'vip', '10.0.0.0/24', ''].map(isIpAddress)).toEqual([false, false, false, false]);
  });

  it('lists every address of an IPv4 network, host bits of the given address ignored', () => {
    expect(ipv4NetworkAddresses('192.168.0.5/30')).toEqual(['192.168.0.4', '192.168.0.5', '192.168.0.6', '192.168.0.7']);
    expect(ipv4NetworkAddresses('10.0.0.1/24')).toHaveLength(256);
    expect(ipv4NetworkAddresses('fd00::/126')).toBeUndefined();
  });
});
