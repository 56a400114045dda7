/** The seven services of the product. Each owns its event streams and its command topic. */
export const SERVICE_NAMES = [
  'gateway',
  'vim-registry',
  'package-catalog',
  'lcm-coordinator',
  'openstack-driver',
  'kubernetes-driver',
  'mgmt-driver-runner',
] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Services that consume commands from the bus (the gateway only sends). */
export const BACKEND_SERVICES = SERVICE_NAMES.filter((name) => name !== 'gateway');

export function isServiceName(value: string): value is ServiceName {
  return (SERVICE_NAMES as readonly string[]).includes(value);
}
