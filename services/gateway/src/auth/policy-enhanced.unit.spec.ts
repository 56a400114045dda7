import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@vnfm/vnf-package/testing';
import { policyOf } from './policy';
import { withImpliedRoles, type Principal } from './principal';

const SAMPLE = corpusPath('tacker', 'policy', 'enhanced_tacker_policy.yaml.sample');
const holding = (...roles: string[]): Principal => ({ name: 'p', roles: withImpliedRoles(roles), tenant: 't', allTenants: false });

describe("enhanced policy: Tacker's sample enhanced_tacker_policy.yaml as written", () => {
  const policy = policyOf(SAMPLE, true);
  const userA = holding('member', 'AREA_tokyo@japan', 'VENDOR_company-a', 'TENANT_tenant-a');
  const manager = holding('member', 'manager', 'AREA_all@all', 'VENDOR_all', 'TENANT_all');
  const managerA = holding('member', 'manager', 'AREA_tokyo@japan', 'VENDOR_company-a', 'TENANT_tenant-a');
  const admin = holding('admin');
  const allows = (principal: Principal, method: string, path: string, target: Record<string, string>) =>
    policy.refusal(principal, method, path, target) === undefined;

  it('says which routes compare attributes: resources by id, creates by their package, lists item by item', () => {
    expect(policy.targetOf('GET', '/v1.0/vims/v.json')).toBe('vim');
    expect(policy.targetOf('GET', '/v1.0/vims')).toBe('vim-list');
    expect(policy.targetOf('GET', '/vnfpkgm/v1/vnf_packages/p/vnfd')).toBe('package');
    expect(policy.targetOf('POST', '/vnflcm/v2/vnf_instances')).toBe('vnfd-of-body');
    expect(policy.targetOf('POST', '/vnflcm/v1/vnf_instances/i/scale')).toBe('instance');
    expect(policy.targetOf('GET', '/vnflcm/v2/vnf_instances')).toBe('instance-list');
    // Rules without attribute checks need no target: op occs, subscriptions, package creation.
    expect(policy.targetOf('GET', '/vnflcm/v2/vnf_lcm_op_occs/o')).toBeUndefined();
    expect(policy.targetOf('POST', '/vnfpkgm/v1/vnf_packages')).toBeUndefined();
    expect(policyOf(undefined, true).targetOf('GET', '/v1.0/vims/v')).toBeUndefined();
  });

  it('grants a VIM by area, its update to a manager of that area, everything to an admin', () => {
    expect(allows(userA, 'GET', '/v1.0/vims/v', { area: 'tokyo@japan' })).toBe(true);
    expect(allows(userA, 'GET', '/v1.0/vims/v', { area: 'osaka@japan' })).toBe(false);
    expect(allows(userA, 'GET', '/v1.0/vims/v', {})).toBe(false);
    expect(allows(userA, 'PUT', '/v1.0/vims/v', { area: 'tokyo@japan' })).toBe(false);
    expect(allows(managerA, 'PUT', '/v1.0/vims/v', { area: 'tokyo@japan' })).toBe(true);
    expect(allows(manager, 'DELETE', '/v1.0/vims/v', { area: 'osaka@japan' })).toBe(true);
    expect(allows(admin, 'DELETE', '/v1.0/vims/v', {})).toBe(true);
  });

  it('grants instances on vendor, area and tenant, ignoring area and tenant before instantiation', () => {
    const instantiated = { vendor: 'company-a', area: 'tokyo@japan', tenant: 'tenant-a' };
    expect(allows(userA, 'GET', '/vnflcm/v2/vnf_instances/i', instantiated)).toBe(true);
    expect(allows(userA, 'GET', '/vnflcm/v2/vnf_instances/i', { ...instantiated, tenant: 'tenant-b' })).toBe(false);
    expect(allows(userA, 'GET', '/vnflcm/v1/vnf_instances/i', { vendor: 'company-a', area: '*', tenant: '*' })).toBe(true);
    expect(allows(userA, 'POST', '/vnflcm/v2/vnf_instances/i/scale', instantiated)).toBe(false);
    expect(allows(managerA, 'POST', '/vnflcm/v2/vnf_instances/i/scale', instantiated)).toBe(true);
    expect(allows(managerA, 'POST', '/vnflcm/v2/vnf_instances', { vendor: 'company-b' })).toBe(false);
    expect(allows(manager, 'POST', '/vnflcm/v2/vnf_instances', { vendor: 'company-b' })).toBe(true);
    expect(allows(managerA, 'POST', '/vnflcm/v2/vnf_instances', {})).toBe(false);
    expect(policy.refusal(userA, 'GET', '/vnflcm/v2/vnf_instances/i', { vendor: 'company-b', area: '*', tenant: '*' })).toBe(
      'GET /vnflcm/v2/vnf_instances/i needs os_nfv_orchestration_api_v2:vnf_instances:show (rule:vnflcm_attrs_cmp and rule:owner or role:admin), which the token does not satisfy.',
    );
  });

  it('refuses a resource whose own attribute is the special value all, except to an admin or its special role', () => {
    expect(policy.refusal(managerA, 'GET', '/vnfpkgm/v1/vnf_packages/p', { vendor: 'all' })).toMatch(/vendor is "all", a special value/);
    expect(allows(manager, 'GET', '/vnfpkgm/v1/vnf_packages/p', { vendor: 'all' })).toBe(true);
    expect(allows(admin, 'GET', '/vnfpkgm/v1/vnf_packages/p', { vendor: 'all' })).toBe(true);
  });
});

describe('enhanced policy settings', () => {
  const folder = mkdtempSync(join(tmpdir(), 'vnfm-enhanced-'));
  const fileWith = (text: string) => {
    const file = join(folder, `policy-${Math.random()}.yaml`);
    writeFileSync(file, text);
    return file;
  };

  it('refuses attribute checks at start unless VNFM_ENHANCED_POLICY is true', () => {
    expect(() => policyOf(SAMPLE)).toThrow(
      /line \d+: ".*" compares area, vendor or tenant attributes, which needs VNFM_ENHANCED_POLICY=true/,
    );
    expect(() => policyOf(fileWith('"get_vim": "vendor:acme"\n'))).toThrow(/line 1: "get_vim" compares/);
  });

  it('takes helper rules other rules refer to, and still refuses a name nothing uses', () => {
    expect(
      policyOf(fileWith('"mine": "role:auditor"\n"get_vim": "rule:mine"\n')).refusal(holding('auditor'), 'GET', '/v1.0/vims'),
    ).toBeUndefined();
    expect(() => policyOf(fileWith('"get_vm": "@"\n'))).toThrow(
      /line 1: "get_vm" is not a rule this VNF Manager knows, and no rule refers to it/,
    );
  });
});
