import { AddressPool, addressRange } from './address-pool';

describe('AddressPool', () => {
  it('expands ranges across octets', () => {
    expect(addressRange('127.10.0.254', '127.10.1.1')).toEqual(['127.10.0.254', '127.10.0.255', '127.10.1.0', '127.10.1.1']);
    expect(() => addressRange('127.10.0.5', '127.10.0.1')).toThrow();
  });

  it('hands out the first free address and reuses released ones', () => {
    const pool = new AddressPool(addressRange('127.10.0.1', '127.10.0.3'));
    expect([pool.allocate(), pool.allocate()]).toEqual(['127.10.0.1', '127.10.0.2']);
    pool.release('127.10.0.1');
    expect(pool.allocate()).toBe('127.10.0.1');
    expect(pool.allocate()).toBe('127.10.0.3');
    expect(pool.allocate()).toBeUndefined();
    expect(pool.snapshot()).toEqual({ free: [], used: ['127.10.0.1', '127.10.0.2', '127.10.0.3'] });
  });

  it('refuses malformed addresses', () => {
    expect(() => new AddressPool(['127.10.0.300'])).toThrow('Not an IPv4 address');
  });
});
