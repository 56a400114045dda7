import type { AppError, SupportedHooksReply } from '@vnfm/contracts';
import { hookArtifactsOf, refuseUnrunnableHooks } from './hook-runner';
import { planOperation } from '../planning/lcm-plan';
import { OPENSTACK_VIM, sampleVnfd } from '../testing';
import type { VnfInstance } from '../vnf-instance/vnf-instance.state';

const notInstantiated = {
  id: 'vnf-1',
  vnfdId: 'vnfd',
  instantiationState: 'NOT_INSTANTIATED',
  vimConnectionInfo: {},
} as unknown as VnfInstance;
const instantiate = { operation: 'INSTANTIATE' as const, params: { flavourId: 'simple', vimConnectionInfo: OPENSTACK_VIM } };
const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  return undefined;
};

describe('hooks and the MgmtDrivers of the runner', () => {
  const vnfd = sampleVnfd({ hooks: ['instantiate_start', 'instantiate_end'] });
  vnfd.flavours[0].lcmOperations.instantiate_end = {
    ...vnfd.flavours[0].lcmOperations.instantiate_end,
    artifactType: 'tosca.artifacts.Implementation.Python',
    additionalParameters: { a: 1 },
  };
  const asked = hookArtifactsOf(planOperation(instantiate, vnfd, notInstantiated), vnfd, 'simple');

  it('asks about each hook of the plan with the artifact the VNFD names for it', () => {
    expect(asked).toEqual([
      {
        hook: 'instantiate_start',
        artifact: { name: 'mgmt-driver', path: 'Scripts/mgmt_driver.py', dependencies: [], additionalParameters: {} },
      },
      {
        hook: 'instantiate_end',
        artifact: {
          name: 'mgmt-driver',
          type: 'tosca.artifacts.Implementation.Python',
          path: 'Scripts/mgmt_driver.py',
          dependencies: [],
          additionalParameters: { a: 1 },
        },
      },
    ]);
  });

  it('refuses (422) naming each hook no driver runs, its artifact, the reason and the drivers there are', () => {
    const reply: SupportedHooksReply = {
      drivers: ['kubespray'],
      answers: [
        { hook: 'instantiate_start', driver: 'kubespray' },
        { hook: 'instantiate_end', reason: 'no driver takes it' },
      ],
    };
    const error = refusal(() => refuseUnrunnableHooks(asked, reply, vnfd, 'simple'));
    expect(error).toMatchObject({ status: 422, code: 'MGMT_DRIVER_NOT_AVAILABLE' });
    expect(error?.detail).toContain(
      'instantiate_end → mgmt-driver [tosca.artifacts.Implementation.Python] (Scripts/mgmt_driver.py): no driver takes it',
    );
    expect(error?.detail).not.toContain('instantiate_start →');
    expect(error?.detail).toContain('its MgmtDrivers (kubespray) run none of them');
  });

  it("refuses (422) with the driver's own code and detail when a driver refuses the request's parameters", () => {
    const reply: SupportedHooksReply = {
      drivers: ['test'],
      answers: [
        { hook: 'instantiate_start', driver: 'test' },
        { hook: 'instantiate_end', driver: 'test', refused: { code: 'TEST_PARAMS_INVALID', detail: 'additionalParams.x is missing.' } },
      ],
    };
    const error = refusal(() => refuseUnrunnableHooks(asked, reply, vnfd, 'simple'));
    expect(error).toMatchObject({
      status: 422,
      code: 'TEST_PARAMS_INVALID',
      detail: expect.stringContaining('instantiate_end (MgmtDriver test): additionalParams.x is missing.'),
    });
    expect(error?.detail).not.toContain('instantiate_start');
  });

  it('lets the plan through when a driver runs every hook; a plan without hook steps asks nothing', () => {
    const reply: SupportedHooksReply = { drivers: ['test'], answers: asked.map(({ hook }) => ({ hook, driver: 'test' })) };
    expect(refusal(() => refuseUnrunnableHooks(asked, reply, vnfd, 'simple'))).toBeUndefined();
    const other = sampleVnfd({ hooks: ['scale_start', 'heal_end'] });
    expect(hookArtifactsOf(planOperation(instantiate, other, notInstantiated), other, 'simple')).toEqual([]);
  });
});
