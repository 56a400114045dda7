import { requiredRole } from './policy';

describe('the policy table', () => {
  it.each([
    ['GET', '/vnflcm/v2/vnf_instances', 'reader'],
    ['POST', '/vnflcm/v2/vnf_instances/x/scale', 'member'],
    ['DELETE', '/vnflcm/v1/subscriptions/s', 'member'],
    ['GET', '/v1.0/vims', 'reader'],
    ['POST', '/v1.0/vims', 'admin'],
    ['PUT', '/vnfpkgm/v1/vnf_packages/p/package_content', 'admin'],
    ['HEAD', '/vnfpkgm/v1/vnf_packages', 'reader'],
    ['GET', '/admin/v1/notifications/parked', 'admin'],
    ['POST', '/diagnostics/v1/probes', 'admin'],
    ['GET', '/audit/v1/vnf_instances/i/events', 'reader'],
    ['PATCH', '/somewhere/else', 'admin'],
    ['GET', '/somewhere/else', 'reader'],
  ])('%s %s needs %s', (method, path, role) => {
    expect(requiredRole(method, path)).toBe(role);
  });
});
