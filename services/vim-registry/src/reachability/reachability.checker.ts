import type { OutboundPolicy } from '@vnfm/util';
import {
  kubernetesServerTrust,
  sslCaCertOf,
  type PublicAuthCred,
  type Reachability,
  type SecretValues,
  type VimProject,
  type VimType,
} from '@vnfm/vim-domain';
import { checkKeystone } from './keystone.client';
import { checkKubernetes, type KubernetesAuth } from './kubernetes-api.client';
import type { CheckOutcome } from './reachability.types';

/** Everything needed to reach a VIM, secrets opened: lives only for the duration of a check. */
export interface VimAccess {
  type: VimType;
  authUrl: string;
  vimProject: VimProject;
  authCred: PublicAuthCred;
  secrets: SecretValues;
}

export interface VimReachabilityCheck {
  check(access: VimAccess): Promise<Reachability>;
}

/** One check per VIM type, looked up by type. */
const CHECKS: Record<VimType, (access: VimAccess, policy: OutboundPolicy) => Promise<CheckOutcome>> = {
  openstack: ({ authUrl, vimProject, authCred, secrets }, policy) =>
    checkKeystone(
      {
        authUrl,
        username: authCred.username ?? '',
        password: secrets.password ?? '',
        userDomainName: authCred.user_domain_name ?? 'Default',
        projectName: vimProject.name,
        projectDomainName: vimProject.project_domain_name ?? 'Default',
        verifyCertificate: authCred.cert_verify !== 'False',
      },
      policy,
    ),
  kubernetes: ({ authUrl, authCred, secrets }, policy) =>
    checkKubernetes(
      { authUrl, auth: kubernetesAuth(authCred, secrets), trust: kubernetesServerTrust(sslCaCertOf(authCred, secrets)) },
      policy,
    ),
};

function kubernetesAuth(authCred: PublicAuthCred, secrets: SecretValues): KubernetesAuth {
  const { oidc_token_url, username, client_id } = authCred;
  if (oidc_token_url) {
    return {
      oidc: {
        tokenUrl: oidc_token_url,
        username: username ?? '',
        password: secrets.password ?? '',
        clientId: client_id ?? '',
        clientSecret: secrets.client_secret,
      },
    };
  }
  if (username) return { username, password: secrets.password ?? '' };
  return { bearerToken: secrets.bearer_token ?? '' };
}

/** Checks a VIM against the real endpoint, on connections the VIM policy checks, and timestamps the outcome. */
export class ReachabilityChecker implements VimReachabilityCheck {
  constructor(
    private readonly policy: OutboundPolicy,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async check(access: VimAccess): Promise<Reachability> {
    const outcome = await CHECKS[access.type](access, this.policy);
    const checkedAt = this.clock().toISOString();
    return outcome.reachable
      ? { status: 'REACHABLE', checkedAt, placementAttr: outcome.placementAttr, detail: outcome.detail }
      : { status: 'UNREACHABLE', checkedAt, reason: outcome.reason };
  }
}
