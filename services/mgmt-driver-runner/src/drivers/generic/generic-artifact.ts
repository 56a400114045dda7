import type { HookArtifact } from '@vnfm/contracts';
import { DRIVER_PARAMETER } from '../hook-driver';

/** TOSCA Simple Profile in YAML v1.3 §5.4.4.4.1: a Bash script artifact (file extension `sh`). */
const BASH_ARTIFACT = 'tosca.artifacts.Implementation.Bash';
/** An Ansible playbook artifact: not a normative TOSCA type; this VNF Manager's name for one. */
const ANSIBLE_ARTIFACT = 'tosca.artifacts.Implementation.Ansible';
/** Tacker's MgmtDriver classes: never run by the generic driver, even when named. */
const PYTHON_ARTIFACT = 'tosca.artifacts.Implementation.Python';
export const GENERIC_DRIVER = 'generic';

export type GenericMode = 'script' | 'playbook';

const extensionOf = (path: string) => /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase();

/**
 * Whether the generic driver runs this artifact, and how: a Bash artifact is
 * a script, an Ansible artifact a playbook; an artifact of no such type runs
 * only when its hook names the driver (`vnfm_mgmt_driver: generic`) and its
 * file is a `.sh` script or a `.yml` / `.yaml` playbook. Python artifacts
 * (Tacker's MgmtDriver classes) and artifacts naming another driver are left
 * to the other drivers.
 */
export function genericModeOf(artifact: Pick<HookArtifact, 'type' | 'path' | 'additionalParameters'>): GenericMode | undefined {
  const named = artifact.additionalParameters?.[DRIVER_PARAMETER];
  if (named !== undefined && named !== GENERIC_DRIVER) return undefined;
  if (artifact.type === PYTHON_ARTIFACT || extensionOf(artifact.path) === 'py') return undefined;
  if (artifact.type === BASH_ARTIFACT) return 'script';
  if (artifact.type === ANSIBLE_ARTIFACT) return 'playbook';
  if (named !== GENERIC_DRIVER) return undefined;
  const extension = extensionOf(artifact.path);
  if (extension === 'sh') return 'script';
  if (extension === 'yml' || extension === 'yaml') return 'playbook';
  return undefined;
}
