import type { HttpResult } from '../http/http-types';
import type { Router } from '../http/router';
import type { IdentityDirectory } from './identity-directory';
import { authenticatePassword } from './password-auth';
import { buildCatalog, type ServiceUrls } from './service-catalog';
import type { TokenStore } from './token-store';
import { tokenView } from './token-view';

export interface KeystoneRouteDeps {
  readonly directory: IdentityDirectory;
  readonly tokens: TokenStore;
  readonly urls: ServiceUrls;
  readonly region: string;
}

/** Identity API v3 "Version", the document `GET /v3` answers. */
function versionDocument(identityUrl: string): object {
  return {
    id: 'v3.14',
    status: 'stable',
    updated: '2020-04-07T00:00:00Z',
    links: [{ rel: 'self', href: `${identityUrl}/v3/` }],
    'media-types': [{ base: 'application/json', type: 'application/vnd.openstack.identity-v3+json' }],
  };
}

function issueToken(deps: KeystoneRouteDeps, body: unknown): HttpResult {
  const { user, project, methods } = authenticatePassword(body, deps.directory);
  const token = deps.tokens.issue(user, project?.id, methods);
  const catalog = project === undefined ? undefined : buildCatalog(deps.urls, project.id, deps.region);
  return { status: 201, headers: { 'X-Subject-Token': token.id }, body: tokenView(token, user, project, catalog) };
}

/**
 * Keystone, served both under `/identity` (devstack's layout, what `auth_url` in a VIM config
 * points at) and at the root (`/v3/...`, the classic port-5000 layout).
 */
export function registerKeystoneRoutes(router: Router, deps: KeystoneRouteDeps): void {
  for (const prefix of ['/identity', '']) {
    // Identity API v3 "List versions": 300 Multiple Choices, used by clients for discovery.
    router.add('GET', prefix || '/', () => ({ status: 300, body: { versions: { values: [versionDocument(deps.urls.identity)] } } }));
    router.add('GET', `${prefix}/v3`, () => ({ status: 200, body: { version: versionDocument(deps.urls.identity) } }));
    router.add('POST', `${prefix}/v3/auth/tokens`, (request) => issueToken(deps, request.body));
  }
}
