import { type StepActionName } from '@vnfm/contracts';
import type { ServiceName } from '@vnfm/contracts';
import { registryTypeOf, type VimType } from '@vnfm/vim-domain';
import { unprocessableLcmRequest } from '../sol003/lcm.errors';
import type { VimConnectionRef } from '../sol003/sol003.types';

/** Which service drives the infrastructure of each registry VIM type. */
export const INFRA_DRIVERS: Record<VimType, ServiceName> = {
  openstack: 'openstack-driver',
  kubernetes: 'kubernetes-driver',
};

export const HOOK_RUNNER: ServiceName = 'mgmt-driver-runner';

/** Step timeouts: Tacker's defaults for a Heat stack (1 h) and a management script (30 min). */
export const INFRA_STEP_TIMEOUT_MS = 60 * 60 * 1000;
export const HOOK_STEP_TIMEOUT_MS = 30 * 60 * 1000;

/**
 * Whether a step may simply be sent again after a coordinator crash (or a
 * peer's takeover) left it without a recorded result. Every step may: the
 * step id is the idempotency key, and the acting service reports a step it
 * ended, leaves alone one a live replica runs, and decides itself what an
 * interrupted one becomes. Infra steps are create-or-update with names
 * derived from the instance id, so they run again; a hook whose runner died
 * runs again only when its MgmtDriver converges (docs/mgmt-drivers.md,
 * "Interrupted hooks"), else it fails and the operation goes to FAILED_TEMP.
 */
export const RESUMABLE: Record<StepActionName, boolean> = {
  hook: true,
  instantiate: true,
  scale: true,
  heal: true,
  terminate: true,
  change_ext_conn: true,
  change_vnfpkg: true,
};

/** The infra driver for the instance's VIMs: the first connection whose vimType a driver serves. */
export function infraDriverFor(vimConnectionInfo: Record<string, VimConnectionRef>): ServiceName {
  for (const ref of Object.values(vimConnectionInfo)) {
    const type = registryTypeOf(ref.vimType);
    if (type) return INFRA_DRIVERS[type];
  }
  const types = Object.values(vimConnectionInfo).map((r) => r.vimType);
  throw unprocessableLcmRequest('NO_INFRA_DRIVER', `No infrastructure driver serves vimType ${types.join(', ') || '(none given)'}.`);
}
