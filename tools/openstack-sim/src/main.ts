import { addressRange } from './compute/address-pool';
import { startOpenStackSimulator } from './index';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** `SIM_OPENSTACK_ADDRESS_POOL=127.10.0.1-127.10.0.16` (a range) or a comma-separated list. */
function addressPoolFromEnv(): string[] | undefined {
  const raw = process.env['SIM_OPENSTACK_ADDRESS_POOL'];
  if (raw === undefined || raw === '') return undefined;
  const [first, last] = raw.split('-');
  return last === undefined ? raw.split(',').map((address) => address.trim()) : addressRange(first.trim(), last.trim());
}

async function main(): Promise<void> {
  const simulator = await startOpenStackSimulator({
    host: '127.0.0.1',
    port: numberFromEnv('SIM_OPENSTACK_PORT', 5000),
    delayMs: numberFromEnv('SIM_OPENSTACK_DELAY_MS', 500),
    addressPool: addressPoolFromEnv(),
  });
  const { credentials } = simulator;
  console.log(`Keystone v3:   ${simulator.keystoneUrl}  (auth_url ${credentials.authUrl})`);
  console.log(
    `Credentials:   user ${credentials.username} (domain ${credentials.userDomainName}), password ${credentials.acceptedPasswords.join(' or ')}`,
  );
  console.log(
    `Project:       ${credentials.projectName} (id ${credentials.projectId}, domain ${credentials.projectDomainName}), region ${credentials.region}`,
  );
  console.log(`Simulator API: ${simulator.url}/_sim/state, ${simulator.url}/_sim/faults, ${simulator.url}/_sim/reset`);
  console.log(`openstack-sim ready on ${simulator.url}`);

  const shutdown = (signal: string): void => {
    console.log(`openstack-sim: ${signal}, closing`);
    simulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
