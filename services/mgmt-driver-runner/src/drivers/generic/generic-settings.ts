import { AppError, type HookContext } from '@vnfm/contracts';
import type { GenericMode } from './generic-artifact';

/** What the hook's `additional_parameters` (VNFD) say about where and how the artifact runs. */
export interface GenericSettings {
  runOn: 'vnfcs' | 'ansible_server';
  /** VDU ids whose VNFCs it runs on; undefined: every VDU. */
  vdus?: string[];
  /** Which of the hook's VNFC sets it runs on. */
  vnfcs: 'added' | 'removing' | 'current';
  /** The CP whose address is dialled; undefined: the VNFC's first CP with an address. */
  sshCp?: string;
  /** Run the script through `sudo -n`. */
  become: boolean;
  timeoutMs: number;
  /** The vendor says a run cut off midway may run again from the start (the script or playbook converges). */
  rerunnable: boolean;
}

/** A boolean of the hook's additional_parameters: a VNFD's YAML may give it as a string ('true'). */
const flag = (context: HookContext, name: string, value: unknown): boolean => {
  const given = value === 'true' ? true : value === 'false' ? false : (value ?? false);
  if (typeof given !== 'boolean') throw invalid(context, `additional_parameters.${name} must be true or false.`);
  return given;
};

const DEFAULT_TIMEOUT_SECONDS = 600;

const invalid = (context: HookContext, detail: string) =>
  new AppError(
    'GENERIC_MGMT_DRIVER_PARAMETERS',
    422,
    'Unprocessable Entity',
    `Hook ${context.hook} (artifact ${context.artifact.path}, generic MgmtDriver): ${detail}`,
  );

const oneOf = <T extends string>(context: HookContext, name: string, value: unknown, allowed: readonly T[], fallback: T): T => {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(context, `additional_parameters.${name} must be one of ${allowed.join(', ')}, not ${JSON.stringify(value)}.`);
};

/** The settings of a hook, its defaults by mode and hook (`<op>_start` acts on the VNFCs removing, `<op>_end` on those added); 422 naming a bad member. */
export function genericSettingsOf(context: HookContext, mode: GenericMode): GenericSettings {
  const parameters = context.artifact.additionalParameters ?? {};
  const runOn = oneOf(context, 'run_on', parameters.run_on, ['vnfcs', 'ansible_server'], mode === 'script' ? 'vnfcs' : 'ansible_server');
  if (mode === 'playbook' && runOn !== 'ansible_server')
    throw invalid(context, 'a playbook runs on the Ansible server (run_on: ansible_server).');
  const vnfcs = oneOf(
    context,
    'vnfcs',
    parameters.vnfcs,
    ['added', 'removing', 'current'],
    context.hook.endsWith('_start') ? 'removing' : 'added',
  );
  const vdus = parameters.vdus;
  if (vdus !== undefined && !(Array.isArray(vdus) && vdus.every((vdu) => typeof vdu === 'string')))
    throw invalid(context, 'additional_parameters.vdus must be a list of VDU ids.');
  const sshCp = parameters.ssh_cp;
  if (sshCp !== undefined && typeof sshCp !== 'string') throw invalid(context, 'additional_parameters.ssh_cp must be a CP name.');
  // A VNFD's YAML may give scalars as strings ('true', '120'): both spellings are taken.
  const become = flag(context, 'become', parameters.become);
  const rerunnable = flag(context, 'rerunnable', parameters.rerunnable);
  const given = parameters.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS;
  const seconds = typeof given === 'string' && /^\d+$/.test(given) ? Number(given) : given;
  if (typeof seconds !== 'number' || !(seconds > 0) || seconds > 24 * 3600)
    throw invalid(context, 'additional_parameters.timeout_seconds must be a number of seconds between 1 and 86400.');
  return { runOn, vdus: vdus as string[] | undefined, vnfcs, sshCp, become, timeoutMs: seconds * 1000, rerunnable };
}

export { invalid as invalidGenericParameters };
