import type { HookArtifact } from '@vnfm/contracts';
import { RecordingDriver } from '../testing/recording-driver';
import { MgmtDriverRegistry } from './mgmt-driver-registry';

const artifact = (path: string): HookArtifact => ({
  name: 'mgmt',
  type: 'tosca.artifacts.Implementation.Python',
  path,
  dependencies: [],
  additionalParameters: {},
  vnfdId: 'vnfd-1',
});

describe('the MgmtDriver registry of the runner', () => {
  const kubespray = new RecordingDriver('kubespray', 'Scripts/kubespray_mgmt.py');
  const registry = new MgmtDriverRegistry([kubespray, new RecordingDriver('registry', 'Scripts/private_registry_mgmt.py')]);

  it("chooses the first driver whose matches takes the hook's artifact", () => {
    expect(registry.choose('instantiate_end', artifact('Scripts/kubespray_mgmt.py'))).toBe(kubespray);
    expect(registry.names()).toEqual(['kubespray', 'registry']);
  });

  it('refuses an artifact no driver takes (422) naming the hook, the artifact and the drivers there are', () => {
    expect(() => registry.choose('scale_end', artifact('Scripts/other.py'))).toThrow(
      expect.objectContaining({
        status: 422,
        code: 'MGMT_DRIVER_NOT_AVAILABLE',
        detail:
          'No MgmtDriver of this VNF Manager runs the artifact mgmt [tosca.artifacts.Implementation.Python] (Scripts/other.py) of the scale_end hook; MgmtDrivers available: kubespray, registry.',
      }),
    );
    expect(new MgmtDriverRegistry([]).unmatched('heal_start', artifact('a.py'))).toContain('MgmtDrivers available: none.');
  });
});
