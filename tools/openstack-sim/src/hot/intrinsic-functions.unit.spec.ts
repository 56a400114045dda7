import { TemplateError } from './hot-types';
import { type IntrinsicContext, resolveIntrinsics } from './intrinsic-functions';

const context: IntrinsicContext = {
  param: (name) => ({ nfv: { VDU: { VDU1: { flavor: 'm1.tiny' } }, CP: [{ ip: '10.0.0.1' }] }, name: 'vnf' })[name],
  resourceId: (name) => `${name}-id`,
  attribute: (resource, attribute, path) => `${resource}.${attribute}${path.map((step) => `[${String(step)}]`).join('')}`,
  file: (key) => `content of ${key}`,
};

const resolve = (value: unknown): unknown => resolveIntrinsics(value, context);

describe('HOT intrinsic functions', () => {
  it('get_param follows paths into json parameters and yields "" for missing ones', () => {
    expect(resolve({ get_param: ['nfv', 'VDU', 'VDU1', 'flavor'] })).toBe('m1.tiny');
    expect(resolve({ get_param: ['nfv', 'CP', 0, 'ip'] })).toBe('10.0.0.1');
    expect(resolve({ get_param: ['nfv', 'VDU', 'VDU9', 'flavor'] })).toBe('');
    expect(resolve({ get_param: 'name' })).toBe('vnf');
  });

  it('get_resource, get_attr and get_file read from the stack', () => {
    expect(resolve({ get_resource: 'port' })).toBe('port-id');
    expect(resolve({ get_attr: ['port', 'fixed_ips', 0, 'ip_address'] })).toBe('port.fixed_ips[0][ip_address]');
    expect(resolve({ get_file: 'script.sh' })).toBe('content of script.sh');
  });

  it('str_replace replaces longest keys first in one pass', () => {
    expect(
      resolve({ str_replace: { template: 'host=$host port=$hostport', params: { $host: { get_param: 'name' }, $hostport: 8080 } } }),
    ).toBe('host=vnf port=8080');
  });

  it('list_join, str_split, repeat, map_merge and list_concat', () => {
    expect(resolve({ list_join: ['-', [{ get_param: 'name' }, 'VDU2-multi'], ['x']] })).toBe('vnf-VDU2-multi-x');
    expect(resolve({ str_split: [',', 'a,b,c', 1] })).toBe('b');
    expect(resolve({ repeat: { for_each: { '%port%': [22, 80] }, template: { port: '%port%', protocol: 'tcp' } } })).toEqual([
      { port: 22, protocol: 'tcp' },
      { port: 80, protocol: 'tcp' },
    ]);
    expect(resolve({ map_merge: [{ a: 1 }, { b: 2 }] })).toEqual({ a: 1, b: 2 });
    expect(resolve({ list_concat: [[1], [2, 3]] })).toEqual([1, 2, 3]);
  });

  it('leaves plain maps alone and refuses functions it does not implement', () => {
    expect(resolve({ a: { get_param: 'name' }, b: [1, 'x'] })).toEqual({ a: 'vnf', b: [1, 'x'] });
    expect(() => resolve({ if: ['cond', 1, 2] })).toThrow(TemplateError);
  });
});
