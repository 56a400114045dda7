import { errorMessage } from '@vnfm/util';
import { publicUrlOf, type VnfmConfig } from '@vnfm/config';
import type { Logger } from '@vnfm/telemetry';
import { AdminTokenAuthenticator, resolveAdminToken } from './admin-token';
import { KeystoneAuthenticator } from './keystone.authenticator';
import { registerInCatalog } from './keystone-catalog';
import { KeystoneClient } from './keystone.client';
import type { Authenticator } from './principal';

/**
 * The gateway's Authenticator as VNFM_AUTH says. With Keystone, the gateway
 * also registers itself in the catalog; when its user may not (no admin
 * role), it says so and serves on: an operator registers the endpoint.
 */
export async function authenticatorOf(config: VnfmConfig, logger: Logger): Promise<Authenticator> {
  if (config.auth === 'admin-token') return new AdminTokenAuthenticator(resolveAdminToken(config.adminToken, config.dataDir));
  const keystone = new KeystoneClient({
    url: config.keystoneUrl as string,
    username: config.keystoneUsername as string,
    password: config.keystonePassword as string,
    project: config.keystoneProject,
    domain: config.keystoneDomain,
  });
  const url = publicUrlOf(config);
  try {
    await registerInCatalog(keystone, url, config.keystoneRegion);
    logger.info({ url, region: config.keystoneRegion }, 'registered in the Keystone catalog as nfv-orchestration');
  } catch (error) {
    logger.warn(
      { error: errorMessage(error), url },
      'could not register in the Keystone catalog: register the nfv-orchestration endpoint by hand',
    );
  }
  return new KeystoneAuthenticator(keystone, config.keystoneCacheMs);
}
