import { isRecord } from '@vnfm/util';
import { AppError } from '@vnfm/contracts';

/** `additionalParams` member the private registry MgmtDriver reads (tacker-specs "cir-k8s-cluster", Request parameters for Instantiate Docker private registry VNF operation). */
export const REGISTRY_PARAM = 'private_registry_installation_param';
/** The spec's default `port_no`. */
const DEFAULT_REGISTRY_PORT = 5000;

export interface RegistryParams {
  sshCpName: string;
  sshUsername: string;
  sshPassword: string;
  /** Package path of a `docker save` tar holding `registry:latest`; without it the image is pulled. */
  imagePath?: string;
  portNo: number;
}

export const invalidRegistryParams = (detail: string) =>
  new AppError('PRIVATE_REGISTRY_PARAMS_INVALID', 422, 'Unprocessable Entity', detail);

type Json = Record<string, unknown>;

function text(param: Json, key: string, required: true): string;
function text(param: Json, key: string, required: false): string | undefined;
function text(param: Json, key: string, required: boolean): string | undefined {
  const value = param[key];
  const path = `additionalParams.${REGISTRY_PARAM}.${key}`;
  if (value === undefined || value === null || value === '') {
    if (required) throw invalidRegistryParams(`${path} is required by the private registry MgmtDriver and is missing or empty.`);
    return undefined;
  }
  if (typeof value !== 'string') throw invalidRegistryParams(`${path} must be a string.`);
  if (/[\0\r\n]/.test(value)) throw invalidRegistryParams(`${path} must be a single line.`);
  return value;
}

/** A TCP port, given as a number or a numeric string (the spec's samples use both). */
function port(param: Json): number {
  const value = param['port_no'];
  if (value === undefined || value === null || value === '') return DEFAULT_REGISTRY_PORT;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(number) || number < 1 || number > 65535)
    throw invalidRegistryParams(`additionalParams.${REGISTRY_PARAM}.port_no must be a TCP port (1-65535), not ${JSON.stringify(value)}.`);
  return number;
}

/** The instantiation's `private_registry_installation_param`, checked before any VM is touched. */
export function readRegistryParams(additionalParams: unknown): RegistryParams {
  const param = isRecord(additionalParams) ? additionalParams[REGISTRY_PARAM] : undefined;
  if (!isRecord(param))
    throw invalidRegistryParams(
      `additionalParams.${REGISTRY_PARAM} is required by the private registry MgmtDriver and is ${param === undefined ? 'missing' : 'not an object'}.`,
    );
  const sshUsername = text(param, 'ssh_username', true);
  if (sshUsername.startsWith('-')) throw invalidRegistryParams(`additionalParams.${REGISTRY_PARAM}.ssh_username must not start with '-'.`);
  const imagePath = text(param, 'image_path', false)?.replace(/^(\.\/)+/, '');
  if (imagePath !== undefined && (imagePath.startsWith('/') || imagePath.split('/').includes('..')))
    throw invalidRegistryParams(
      `additionalParams.${REGISTRY_PARAM}.image_path must be a path inside the VNF package, not ${JSON.stringify(imagePath)}.`,
    );
  return {
    sshCpName: text(param, 'ssh_cp_name', true),
    sshUsername,
    sshPassword: text(param, 'ssh_password', true),
    imagePath,
    portNo: port(param),
  };
}
