import { addressRange } from '../compute/address-pool';
import type { Clock } from '../common/clock';

export interface SimProjectOptions {
  readonly name: string;
  /** Default: a stable id derived from domain and name. */
  readonly id?: string;
  /** Domain name; default "Default" (id "default"). */
  readonly domain?: string;
}

export interface SimUserOptions {
  readonly name: string;
  /** Every password accepted for the user. */
  readonly passwords: readonly string[];
  readonly id?: string;
  readonly domain?: string;
  /** Names of the projects the user has its roles on; default all projects. */
  readonly projects?: readonly string[];
  /** Default admin, member, reader. */
  readonly roles?: readonly string[];
}

export interface OpenStackSimulatorOptions {
  /** TCP port; 0 (the default) picks a free one. */
  readonly port?: number;
  /** Listen address, also used in every URL the simulator hands out; default 127.0.0.1. */
  readonly host?: string;
  /** How long each stack create/update/delete stays IN_PROGRESS; default 0 (done on the next timer tick). */
  readonly delayMs?: number;
  /** Management addresses handed to servers; default 127.10.0.1–127.10.0.16. */
  readonly addressPool?: readonly string[];
  /** Token lifetime; default 3600 s. */
  readonly tokenTtlSeconds?: number;
  readonly projects?: readonly SimProjectOptions[];
  readonly users?: readonly SimUserOptions[];
  /** Region of the catalog endpoints; default RegionOne. */
  readonly region?: string;
  /** Time source for token expiry and timestamps. */
  readonly clock?: Clock;
}

export const DEFAULT_ADDRESS_POOL: readonly string[] = addressRange('127.10.0.1', '127.10.0.16');

export const DEFAULT_PROJECTS: readonly SimProjectOptions[] = [{ name: 'nfv' }];

/**
 * `nfv_user` in domain Default with devstack's usual password and the one in Tacker's sample
 * VIM config (corpus `vim-configs/openstack-vim_config.yaml`).
 */
export const DEFAULT_USERS: readonly SimUserOptions[] = [{ name: 'nfv_user', passwords: ['devstack', 'mySecretPW'] }];

export const DEFAULT_ROLES: readonly string[] = ['admin', 'member', 'reader'];
