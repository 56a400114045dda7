import { answerMessage, exchange, VimConnectionError, type OutboundPolicy } from '@vnfm/util';
import type { CheckOutcome } from './reachability.types';

export interface KeystonePasswordAuth {
  /** Keystone v3 base URL, e.g. http://127.0.0.1:5000/identity/v3. */
  authUrl: string;
  username: string;
  password: string;
  userDomainName: string;
  projectName: string;
  projectDomainName: string;
  verifyCertificate: boolean;
}

interface TokenBody {
  token?: { catalog?: { endpoints?: { region?: string; region_id?: string }[] }[] };
}

/**
 * Asks Keystone for a project-scoped token (Identity API v3, "Password
 * authentication with scoped authorization"): the VIM is reachable when it
 * issues one. The catalog's regions become Tacker's placement_attr.
 */
export async function checkKeystone(auth: KeystonePasswordAuth, policy: OutboundPolicy): Promise<CheckOutcome> {
  const body = {
    auth: {
      identity: {
        methods: ['password'],
        password: { user: { name: auth.username, domain: { name: auth.userDomainName }, password: auth.password } },
      },
      scope: { project: { name: auth.projectName, domain: { name: auth.projectDomainName } } },
    },
  };
  try {
    const answer = await exchange({
      url: `${auth.authUrl}/auth/tokens`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      verifyCertificate: auth.verifyCertificate,
      policy,
    });
    if (answer.status === 201 && answer.headers['x-subject-token']) {
      return {
        reachable: true,
        placementAttr: { regions: regionsOf(answer.text) },
        detail: `Keystone issued a token for ${auth.username} on project ${auth.projectName}`,
      };
    }
    const refusal = answer.status === 401 ? 'refused the credentials' : 'did not issue a token';
    return { reachable: false, reason: `Keystone at ${auth.authUrl} ${refusal} (HTTP ${answer.status}): ${answerMessage(answer)}` };
  } catch (error) {
    if (error instanceof VimConnectionError) return { reachable: false, reason: `Keystone at ${auth.authUrl}: ${error.message}` };
    throw error;
  }
}

function regionsOf(text: string): string[] {
  try {
    const catalog = (JSON.parse(text) as TokenBody).token?.catalog ?? [];
    const regions = catalog.flatMap((service) => service.endpoints ?? []).map((endpoint) => endpoint.region_id ?? endpoint.region);
    return [...new Set(regions.filter((region): region is string => typeof region === 'string' && region !== ''))];
  } catch {
    return [];
  }
}
