import 'reflect-metadata';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { CONTROLLERS } from '../controllers';
import { AuthGuard } from './auth.guard';
import { Policy, policyOf } from './policy';
import { DEFAULT_RULES, ruleFor } from './policy/rules';
import { withImpliedRoles, type Principal } from './principal';

const holding = (...roles: string[]): Principal => ({ name: 'p', roles: withImpliedRoles(roles), tenant: 't', allTenants: false });
const allowed = (policy: Policy, principal: Principal, method: string, path: string) =>
  policy.refusal(principal, method, path) === undefined;

describe('the default policy', () => {
  const policy = new Policy();

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
    expect(DEFAULT_RULES.get(ruleFor(method, path))).toBe(`role:${role}`);
    expect(allowed(policy, holding(role), method, path)).toBe(true);
    if (role !== 'reader') expect(allowed(policy, holding(role === 'admin' ? 'member' : 'reader'), method, path)).toBe(false);
  });

  it('names the role and the rule in its refusal', () => {
    expect(policy.refusal(holding('reader'), 'POST', '/vnflcm/v2/vnf_instances')).toBe(
      'POST /vnflcm/v2/vnf_instances needs the member role (os_nfv_orchestration_api_v2:vnf_instances:create), which the token does not carry.',
    );
  });

  it('matches paths in any case, and Tacker VIM paths ending in .json', () => {
    expect(ruleFor('GET', '/Admin/v1/Notifications/parked')).toBe('vnfm:admin:parked_notifications:list');
    expect(ruleFor('DELETE', '/v1.0/vims/v1.json')).toBe('delete_vim');
    expect(ruleFor('GET', '/vnflcm/v2/vnf_instances/')).toBe('os_nfv_orchestration_api_v2:vnf_instances:index');
  });
});

describe('the rule of each route', () => {
  const V1 = 'os_nfv_orchestration_api:vnf_instances:';
  const V2 = 'os_nfv_orchestration_api_v2:vnf_instances:';
  const PKG = 'os_nfv_orchestration_api:vnf_packages:';
  it.each([
    ['GET', '/vnflcm/v1/api_versions', `${V1}api_versions`],
    ['POST', '/vnflcm/v1/vnf_instances', `${V1}create`],
    ['GET', '/vnflcm/v1/vnf_instances', `${V1}index`],
    ['GET', '/vnflcm/v1/vnf_instances/i', `${V1}show`],
    ['DELETE', '/vnflcm/v1/vnf_instances/i', `${V1}delete`],
    ['PATCH', '/vnflcm/v1/vnf_instances/i', `${V1}update_vnf`],
    ['POST', '/vnflcm/v1/vnf_instances/i/instantiate', `${V1}instantiate`],
    ['POST', '/vnflcm/v1/vnf_instances/i/terminate', `${V1}terminate`],
    ['POST', '/vnflcm/v1/vnf_instances/i/scale', `${V1}scale`],
    ['POST', '/vnflcm/v1/vnf_instances/i/scale_to_level', 'vnfm:vnflcm_v1:scale_to_level'],
    ['POST', '/vnflcm/v1/vnf_instances/i/heal', `${V1}heal`],
    ['POST', '/vnflcm/v1/vnf_instances/i/change_ext_conn', `${V1}change_ext_conn`],
    ['POST', '/vnflcm/v1/vnf_instances/i/change_vnfpkg', 'vnfm:vnflcm_v1:other_task'],
    ['POST', '/vnflcm/v1/vnf_instances/i/operate', 'vnfm:vnflcm_v1:other_task'],
    ['GET', '/vnflcm/v1/vnf_lcm_op_occs', `${V1}list_lcm_op_occs`],
    ['GET', '/vnflcm/v1/vnf_lcm_op_occs/o', `${V1}show_lcm_op_occs`],
    ['POST', '/vnflcm/v1/vnf_lcm_op_occs/o/retry', `${V1}retry`],
    ['POST', '/vnflcm/v1/vnf_lcm_op_occs/o/rollback', `${V1}rollback`],
    ['POST', '/vnflcm/v1/vnf_lcm_op_occs/o/fail', `${V1}fail`],
    ['POST', '/vnflcm/v1/vnf_lcm_op_occs/o/cancel', `${V1}cancel`],
    ['POST', '/vnflcm/v1/vnf_lcm_op_occs/o/other', 'vnfm:vnflcm_v1:other_task'],
    ['POST', '/vnflcm/v1/subscriptions', 'vnfm:vnflcm_v1:subscription_create'],
    ['GET', '/vnflcm/v1/subscriptions', 'vnfm:vnflcm_v1:subscription_list'],
    ['GET', '/vnflcm/v1/subscriptions/s', 'vnfm:vnflcm_v1:subscription_show'],
    ['DELETE', '/vnflcm/v1/subscriptions/s', 'vnfm:vnflcm_v1:subscription_delete'],
    ['GET', '/vnflcm/v2/api_versions', `${V2}api_versions`],
    ['POST', '/vnflcm/v2/vnf_instances', `${V2}create`],
    ['GET', '/vnflcm/v2/vnf_instances', `${V2}index`],
    ['GET', '/vnflcm/v2/vnf_instances/i', `${V2}show`],
    ['DELETE', '/vnflcm/v2/vnf_instances/i', `${V2}delete`],
    ['PATCH', '/vnflcm/v2/vnf_instances/i', `${V2}update`],
    ['POST', '/vnflcm/v2/vnf_instances/i/instantiate', `${V2}instantiate`],
    ['POST', '/vnflcm/v2/vnf_instances/i/terminate', `${V2}terminate`],
    ['POST', '/vnflcm/v2/vnf_instances/i/scale', `${V2}scale`],
    ['POST', '/vnflcm/v2/vnf_instances/i/scale_to_level', 'vnfm:vnflcm_v2:scale_to_level'],
    ['POST', '/vnflcm/v2/vnf_instances/i/heal', `${V2}heal`],
    ['POST', '/vnflcm/v2/vnf_instances/i/change_ext_conn', `${V2}change_ext_conn`],
    ['POST', '/vnflcm/v2/vnf_instances/i/change_vnfpkg', `${V2}change_vnfpkg`],
    ['POST', '/vnflcm/v2/vnf_instances/i/create_snapshot', 'vnfm:vnflcm_v2:other_task'],
    ['GET', '/vnflcm/v2/vnf_lcm_op_occs', `${V2}lcm_op_occ_list`],
    ['GET', '/vnflcm/v2/vnf_lcm_op_occs/o', `${V2}lcm_op_occ_show`],
    ['POST', '/vnflcm/v2/vnf_lcm_op_occs/o/retry', `${V2}lcm_op_occ_retry`],
    ['POST', '/vnflcm/v2/vnf_lcm_op_occs/o/rollback', `${V2}lcm_op_occ_rollback`],
    ['POST', '/vnflcm/v2/vnf_lcm_op_occs/o/fail', `${V2}lcm_op_occ_fail`],
    ['POST', '/vnflcm/v2/vnf_lcm_op_occs/o/cancel', 'vnfm:vnflcm_v2:lcm_op_occ_cancel'],
    ['POST', '/vnflcm/v2/vnf_lcm_op_occs/o/other', 'vnfm:vnflcm_v2:other_task'],
    ['POST', '/vnflcm/v2/subscriptions', `${V2}subscription_create`],
    ['GET', '/vnflcm/v2/subscriptions', `${V2}subscription_list`],
    ['GET', '/vnflcm/v2/subscriptions/s', `${V2}subscription_show`],
    ['DELETE', '/vnflcm/v2/subscriptions/s', `${V2}subscription_delete`],
    ['GET', '/vnflcm/api_versions', 'vnfm:api_versions'],
    ['GET', '/vnfpkgm/api_versions', 'vnfm:api_versions'],
    ['GET', '/vnfpkgm/v1/api_versions', 'vnfm:vnfpkgm_v1:api_versions'],
    ['POST', '/vnfpkgm/v1/vnf_packages', `${PKG}create`],
    ['GET', '/vnfpkgm/v1/vnf_packages', `${PKG}index`],
    ['GET', '/vnfpkgm/v1/onboarded_vnf_packages', `${PKG}index`],
    ['GET', '/vnfpkgm/v1/vnf_packages/p', `${PKG}show`],
    ['GET', '/vnfpkgm/v1/onboarded_vnf_packages/d', `${PKG}show`],
    ['PATCH', '/vnfpkgm/v1/vnf_packages/p', `${PKG}patch`],
    ['DELETE', '/vnfpkgm/v1/vnf_packages/p', `${PKG}delete`],
    ['GET', '/vnfpkgm/v1/vnf_packages/p/package_content', `${PKG}fetch_package_content`],
    ['GET', '/vnfpkgm/v1/onboarded_vnf_packages/d/package_content', `${PKG}fetch_package_content`],
    ['PUT', '/vnfpkgm/v1/vnf_packages/p/package_content', `${PKG}upload_package_content`],
    ['POST', '/vnfpkgm/v1/vnf_packages/p/package_content/upload_from_uri', `${PKG}upload_from_uri`],
    ['GET', '/vnfpkgm/v1/vnf_packages/p/vnfd', `${PKG}get_vnf_package_vnfd`],
    ['GET', '/vnfpkgm/v1/onboarded_vnf_packages/d/vnfd', `${PKG}get_vnf_package_vnfd`],
    ['GET', '/vnfpkgm/v1/vnf_packages/p/manifest', 'vnfm:vnfpkgm_v1:get_vnf_package_manifest'],
    ['GET', '/vnfpkgm/v1/onboarded_vnf_packages/d/manifest', 'vnfm:vnfpkgm_v1:get_vnf_package_manifest'],
    ['GET', '/vnfpkgm/v1/vnf_packages/p/artifacts/Files/a.yaml', `${PKG}fetch_artifact`],
    ['GET', '/vnfpkgm/v1/onboarded_vnf_packages/d/artifacts/a', `${PKG}fetch_artifact`],
    ['POST', '/v1.0/vims', 'create_vim'],
    ['POST', '/v1.0/vims.json', 'create_vim'],
    ['GET', '/v1.0/vims', 'get_vim'],
    ['GET', '/v1.0/vims/v', 'get_vim'],
    ['PUT', '/v1.0/vims/v', 'update_vim'],
    ['DELETE', '/v1.0/vims/v', 'delete_vim'],
    ['GET', '/audit/v1/vnf_instances/i/events', 'vnfm:audit:events'],
    ['GET', '/audit/v1/vnf_instances/i/state', 'vnfm:audit:state'],
    ['GET', '/admin/v1/notifications/parked', 'vnfm:admin:parked_notifications:list'],
    ['POST', '/admin/v1/notifications/parked/n/replay', 'vnfm:admin:parked_notifications:replay'],
    ['POST', '/diagnostics/v1/probes', 'vnfm:diagnostics:probe'],
    ['GET', '/elsewhere', 'vnfm:unlisted:read'],
    ['POST', '/elsewhere', 'vnfm:unlisted:change'],
  ])('%s %s: %s', (method, path, rule) => {
    expect(ruleFor(method, path)).toBe(rule);
  });

  /** What each path needed before policy files (the table of docs/auth.md), which the defaults keep. */
  const TABLE: [string, string, string][] = [
    ['/v1.0/vims', 'reader', 'admin'],
    ['/vnfpkgm/', 'reader', 'admin'],
    ['/vnflcm/', 'reader', 'member'],
    ['/audit/', 'reader', 'admin'],
    ['/admin/', 'admin', 'admin'],
    ['/diagnostics/', 'admin', 'admin'],
  ];
  const tableRole = (method: string, path: string) => {
    const [, read, change] = TABLE.find(([prefix]) => path.startsWith(prefix)) ?? ['/', 'reader', 'admin'];
    return method === 'GET' ? read : change;
  };
  /** Every route of every guarded controller, its parameters filled in. */
  const served = CONTROLLERS.filter((controller) => (Reflect.getMetadata(GUARDS_METADATA, controller) ?? []).includes(AuthGuard)).flatMap(
    (controller) => {
      const bases = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[]].flat();
      const prototype: object = controller.prototype;
      return Object.getOwnPropertyNames(prototype).flatMap((name) => {
        const handler = Reflect.get(prototype, name) as object;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) return [];
        const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
        return bases.flatMap((base) =>
          paths.map((path) => {
            const filled = `/${base}/${path}`
              .replace(/\{\.json\}/g, '')
              .replace(/:\w+/g, 'x')
              .replace(/\*\w+/g, 'a/b');
            return [RequestMethod[method], filled.replace(/\/+/g, '/').replace(/(.)\/$/, '$1')] as const;
          }),
        );
      });
    },
  );

  it('finds the routes the gateway serves', () => {
    expect(served.length).toBeGreaterThan(60);
  });

  it.each(served)('%s %s has a rule of its own, by default what the table of docs/auth.md said', (method, path) => {
    expect(ruleFor(method, path)).not.toMatch(/^vnfm:unlisted/);
    expect(DEFAULT_RULES.get(ruleFor(method, path))).toBe(`role:${tableRole(method, path)}`);
  });
});

describe('a policy file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'vnfm-policy-'));
  let count = 0;
  const fileWith = (text: string) => {
    const file = join(folder, `policy-${++count}.yaml`);
    writeFileSync(file, text);
    return file;
  };

  it('overrides a rule, as Tacker does: a project member onboards packages', () => {
    const policy = policyOf(
      fileWith('# As Tacker\'s defaults\n"os_nfv_orchestration_api:vnf_packages:create": "rule:project_member_or_admin"\n'),
    );
    expect(allowed(policy, holding('member'), 'POST', '/vnfpkgm/v1/vnf_packages')).toBe(true);
    expect(allowed(policy, holding('reader'), 'POST', '/vnfpkgm/v1/vnf_packages')).toBe(false);
    expect(allowed(policy, holding('member'), 'PUT', '/vnfpkgm/v1/vnf_packages/p/package_content')).toBe(false);
    expect(policy.refusal(holding('reader'), 'POST', '/vnfpkgm/v1/vnf_packages')).toBe(
      'POST /vnfpkgm/v1/vnf_packages needs os_nfv_orchestration_api:vnf_packages:create (rule:project_member_or_admin), which the token does not satisfy.',
    );
  });

  it('reads JSON, base rules changed, roles of its own and rules of Tacker APIs not served', () => {
    const policy = policyOf(
      fileWith(
        JSON.stringify({
          context_is_admin: 'role:admin or role:operator',
          'os_nfv_orchestration_api_v2:vnf_instances:create': 'rule:admin_only',
          'os_nfv_orchestration_api_v2:vnf_fault_monitor:index': '@',
          'vnfm:audit:events': '!',
        }),
      ),
    );
    const operator: Principal = { name: 'o', roles: new Set(['operator']), tenant: 't', allTenants: false };
    expect(allowed(policy, operator, 'POST', '/vnflcm/v2/vnf_instances')).toBe(true);
    expect(allowed(policy, holding('member'), 'POST', '/vnflcm/v2/vnf_instances')).toBe(false);
    expect(allowed(policy, holding('admin'), 'GET', '/audit/v1/vnf_instances/i/events')).toBe(false);
    expect(allowed(policy, holding('reader'), 'GET', '/vnflcm/v2/vnf_instances')).toBe(true);
  });

  it('may be empty or only comments', () => {
    expect(allowed(policyOf(fileWith('# nothing overridden\n')), holding('member'), 'POST', '/vnflcm/v2/vnf_instances')).toBe(true);
  });

  it.each([
    [
      'a rule it does not know, by line',
      '"get_vim": "@"\n\n"os_nfv_orchestration_api:vnf_packages:crate": "@"\n',
      /line 3: "os_nfv_orchestration_api:vnf_packages:crate" is not a rule/,
    ],
    [
      'a check string that does not parse',
      '"create_vim": "role:admin or"\n',
      /line 1: the check string of "create_vim" does not parse: it ends where/,
    ],
    ['an unknown check kind', '"get_vim": "user_id:%(user_id)s"\n', /"get_vim" does not parse: .*not a check this VNF Manager evaluates/],
    ['a rule: naming no rule', '"get_vim": "rule:project_memebr"\n', /line 1: "get_vim" refers to rule:project_memebr, which is no rule/],
    [
      'rules in a circle',
      '"default": "rule:project_member_or_admin"\n"project_member_or_admin": "rule:default"\n',
      /in a circle: project_member_or_admin → default → project_member_or_admin/,
    ],
    ['is_admin within context_is_admin', '"context_is_admin": "is_admin:True"\n', /circle: context_is_admin → context_is_admin/],
    ['YAML that does not parse', '"create_vim": "role:admin\n', /is neither YAML nor JSON/],
    ['a rule set twice', '"create_vim": "@"\n"create_vim": "!"\n', /is neither YAML nor JSON: .*unique/i],
    ['a list', '- role:admin\n', /maps rule names to check strings/],
    ['a list of lists as a rule', '"create_vim": [["role:admin"]]\n', /line 1: "create_vim" must be a check string/],
    ['no check string', '"create_vim":\n', /"create_vim" must be a check string/],
  ])('refuses %s, naming the file', (_case, text, reason) => {
    const file = fileWith(text);
    expect(() => policyOf(file)).toThrow(reason);
    expect(() => policyOf(file)).toThrow(`VNFM_POLICY_FILE ${file}`);
  });

  it('refuses a file it cannot read', () => {
    expect(() => policyOf(join(folder, 'absent.yaml'))).toThrow(/VNFM_POLICY_FILE .*absent.yaml cannot be read/);
  });

  it('is what the guard enforces', async () => {
    const reader = { name: 'r@p (u)', roles: new Set(['reader']), tenant: 'p', allTenants: false };
    const request = {
      method: 'POST',
      path: '/v1.0/vims',
      rawHeaders: ['X-Auth-Token', 't'],
      header: (name: string) => (name === 'x-auth-token' ? 't' : undefined),
      socket: {},
    };
    const context = { switchToHttp: () => ({ getRequest: () => request }) } as never;
    const guard = (policy: Policy) => new AuthGuard({ authenticate: async () => reader }, policy);
    await expect(guard(policyOf(undefined)).canActivate(context)).rejects.toMatchObject({ status: 403 });
    expect(await guard(policyOf(fileWith('"create_vim": "role:reader"\n'))).canActivate(context)).toBe(true);
  });
});
