import type { AppError } from '@vnfm/contracts';
import { refuseUnrunnableHooks } from './hook-runner';
import { planOperation } from './lcm-plan';
import { OPENSTACK_VIM, sampleVnfd } from './testing';
import type { VnfInstance } from './vnf-instance.state';

const notInstantiated = { id: 'vnf-1', vnfdId: 'vnfd', instantiationState: 'NOT_INSTANTIATED', vimConnectionInfo: {} } as unknown as VnfInstance;
const instantiate = { operation: 'INSTANTIATE' as const, params: { flavourId: 'simple', vimConnectionInfo: OPENSTACK_VIM } };
const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  return undefined;
};

describe('hooks without a MgmtDriver', () => {
  it('refuses a plan with a hook step (422) naming each hook, its implementation and artifact', () => {
    const vnfd = sampleVnfd({ hooks: ['instantiate_start', 'instantiate_end'] });
    const error = refusal(() => refuseUnrunnableHooks(planOperation(instantiate, vnfd, notInstantiated), vnfd, 'simple'));
    expect(error).toMatchObject({ status: 422, code: 'MGMT_DRIVER_NOT_AVAILABLE' });
    expect(error?.detail).toContain('instantiate_start → mgmt-driver (Scripts/mgmt_driver.py); instantiate_end → mgmt-driver (Scripts/mgmt_driver.py)');
  });

  it('lets a plan without hook steps through, and hooks of other operations do not matter', () => {
    const vnfd = sampleVnfd({ hooks: ['scale_start', 'heal_end'] });
    expect(refusal(() => refuseUnrunnableHooks(planOperation(instantiate, vnfd, notInstantiated), vnfd, 'simple'))).toBeUndefined();
  });
});
