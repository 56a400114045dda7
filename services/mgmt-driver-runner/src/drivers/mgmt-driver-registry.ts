import { AppError, type HookArtifact } from '@vnfm/contracts';
import type { HookDriver } from './hook-driver';

const describe = (artifact: Omit<HookArtifact, 'vnfdId'>) =>
  `${artifact.name}${artifact.type ? ` [${artifact.type}]` : ''} (${artifact.path})`;

/** The MgmtDrivers a runner has, chosen by the artifact a hook names. */
export class MgmtDriverRegistry {
  constructor(private readonly drivers: readonly HookDriver[]) {}

  names(): string[] {
    return this.drivers.map((driver) => driver.name);
  }

  find(artifact: Omit<HookArtifact, 'vnfdId'>): HookDriver | undefined {
    return this.drivers.find((driver) => driver.matches(artifact as HookArtifact));
  }

  /** Why no driver runs this artifact, naming it and the drivers there are. */
  unmatched(hook: string, artifact: Omit<HookArtifact, 'vnfdId'>): string {
    const names = this.names();
    return `No MgmtDriver of this VNF Manager runs the artifact ${describe(artifact)} of the ${hook} hook; MgmtDrivers available: ${names.length > 0 ? names.join(', ') : 'none'}.`;
  }

  /** The driver for a hook's artifact; a 422 MGMT_DRIVER_NOT_AVAILABLE naming the artifact and the drivers there are otherwise. */
  choose(hook: string, artifact: HookArtifact): HookDriver {
    const driver = this.find(artifact);
    if (!driver) throw new AppError('MGMT_DRIVER_NOT_AVAILABLE', 422, 'Unprocessable Entity', this.unmatched(hook, artifact));
    return driver;
  }
}
