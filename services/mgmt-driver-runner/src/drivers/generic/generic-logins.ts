import type { HookContext } from '@vnfm/contracts';
import type { SshTarget } from '../../ssh/remote-shell';
import { invalidGenericParameters } from './generic-settings';
import type { OpenedInputs } from './hook-inputs';

/** The request's additionalParams key holding the generic driver's logins. */
const LOGINS_KEY = 'generic_mgmt_driver';

export type SshLogin = Omit<SshTarget, 'host' | 'pinId'>;
export interface AnsibleServerLogin extends SshLogin {
  host: string;
}

type Section = Record<string, unknown>;

/** `generic_mgmt_driver.<name>` of the operation's additionalParams, else of the instantiation's (a scale may bring new logins). */
function sectionOf(inputs: OpenedInputs, name: 'ssh' | 'ansible'): Section | undefined {
  const of = (params: unknown) => ((params as Section | undefined)?.[LOGINS_KEY] as Section | undefined)?.[name] as Section | undefined;
  return of(inputs.operationParams.additionalParams) ?? of(inputs.instantiationParams);
}

function loginOf(context: HookContext, section: Section, where: string): SshLogin {
  const { username, password, private_key: privateKey, port } = section;
  if (typeof username !== 'string' || username === '')
    throw invalidGenericParameters(context, `additionalParams.${where}.username is missing.`);
  if (password !== undefined && typeof password !== 'string')
    throw invalidGenericParameters(context, `additionalParams.${where}.password must be a string.`);
  if (privateKey !== undefined && typeof privateKey !== 'string')
    throw invalidGenericParameters(context, `additionalParams.${where}.private_key must be a PEM string.`);
  if (password === undefined && privateKey === undefined)
    throw invalidGenericParameters(context, `additionalParams.${where} has neither password nor private_key.`);
  if (port !== undefined && !(Number.isInteger(port) && (port as number) > 0 && (port as number) < 65536))
    throw invalidGenericParameters(context, `additionalParams.${where}.port must be a TCP port.`);
  return { username, password, privateKey, port: port as number | undefined };
}

/** How to log in to the VNFCs; 422 naming the missing member. */
export function vnfcLoginOf(context: HookContext, inputs: OpenedInputs): SshLogin {
  const section = sectionOf(inputs, 'ssh');
  if (!section)
    throw invalidGenericParameters(
      context,
      `the request's additionalParams.${LOGINS_KEY}.ssh (username, password or private_key) is missing: the VNFCs cannot be logged in to.`,
    );
  return loginOf(context, section, `${LOGINS_KEY}.ssh`);
}

/** The Ansible server to run the playbook on; 422 naming the missing member. */
export function ansibleServerOf(context: HookContext, inputs: OpenedInputs): AnsibleServerLogin {
  const section = sectionOf(inputs, 'ansible');
  if (!section)
    throw invalidGenericParameters(
      context,
      `the request's additionalParams.${LOGINS_KEY}.ansible (ip_address, username, password) is missing: the playbook has no Ansible server.`,
    );
  const host = section.ip_address;
  if (typeof host !== 'string' || host === '')
    throw invalidGenericParameters(context, `additionalParams.${LOGINS_KEY}.ansible.ip_address is missing.`);
  return { host, ...loginOf(context, section, `${LOGINS_KEY}.ansible`) };
}
