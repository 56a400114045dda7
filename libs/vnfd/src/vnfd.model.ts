/** The properties of the VNF node (SOL001 v2.6.1 §6.8.1 tosca.nodes.nfv.VNF) that identify the VNFD. */
export interface VnfIdentity {
  vnfdId: string;
  vnfProvider: string;
  vnfProductName: string;
  vnfSoftwareVersion: string;
  vnfdVersion: string;
  vnfmInfo: string[];
}

/**
 * The VNFD as the VNF Manager uses it (ETSI GS NFV-SOL 001 v2.6.1 §6: VNFD
 * TOSCA types), one entry per deployment flavour. Sizes are in bytes.
 */
export interface VnfdModel extends VnfIdentity {
  entryDefinitions: string;
  /** Every software image declared by a VDU, storage or container, once per id. */
  softwareImages: VnfdSoftwareImage[];
  flavours: VnfdFlavour[];
}

export interface VnfdFlavour {
  flavourId: string;
  description: string;
  /** Service template holding this flavour's topology. */
  templatePath: string;
  vdus: Vdu[];
  storages: VirtualStorage[];
  osContainers: OsContainer[];
  cps: VduCp[];
  extCps: VnfExtCp[];
  vls: VnfVirtualLink[];
  scalingAspects: ScalingAspect[];
  instantiationLevels: InstantiationLevels;
  /** Vnflcm interface operations declared on the VNF node, by operation name (`instantiate_start`, ...). */
  lcmOperations: Record<string, LcmOperation>;
  affinityRules: AffinityRule[];
  baseHot?: { path: string; nestedPaths: string[] };
  kubernetesManifests: string[];
  helmCharts: string[];
}

export type VduType = 'tosca.nodes.nfv.Vdu.Compute' | 'tosca.nodes.nfv.Vdu.OsContainerDeployableUnit';

export interface Vdu {
  id: string;
  name: string;
  description?: string;
  /** The ETSI base type; `nodeType` is the type as written. */
  type: VduType;
  nodeType: string;
  minInstances: number;
  maxInstances: number;
  /** VduInitialDelta, or the minimum when no initial delta is declared. */
  initialInstances: number;
  swImage?: string;
  storages: string[];
  cps: string[];
  osContainers: string[];
  monitoring: MonitoringParameter[];
  virtualCompute?: { memoryBytes?: number; numVirtualCpu?: number; localStorageBytes?: number; requestedAdditionalCapabilities: string[] };
}

export interface MonitoringParameter {
  name?: string;
  performanceMetric: string;
  collectionPeriod?: string;
}

export interface VirtualStorage {
  id: string;
  nodeType: string;
  sizeBytes?: number;
  swImage?: string;
}

export interface OsContainer {
  id: string;
  name: string;
  nodeType: string;
  swImage?: string;
}

export interface VduCp {
  id: string;
  vduId: string;
  order?: number;
  layerProtocols: string[];
  virtualLinkId?: string;
  vnicType?: string;
}

export interface VnfExtCp {
  id: string;
  internalVirtualLinkId?: string;
  layerProtocols: string[];
}

export interface VnfVirtualLink {
  id: string;
  description?: string;
  layerProtocols: string[];
  cidrs: string[];
}

export interface VnfdSoftwareImage {
  /** The node (VDU, storage or container) the image belongs to, as Tacker names software images. */
  id: string;
  name: string;
  version: string;
  checksum: { algorithm: string; hash: string };
  containerFormat: string;
  diskFormat: string;
  minDiskBytes: number;
  minRamBytes: number;
  sizeBytes: number;
  operatingSystem?: string;
  /** Package path of the image artifact, a URL for an external image, or absent when the VIM already holds it. */
  imagePath?: string;
}

export interface ScalingAspect {
  id: string;
  name: string;
  description?: string;
  maxScaleLevel: number;
  stepDeltas: string[];
  /** VduScalingAspectDeltas: per VDU, instances added per delta id. */
  vduDeltas: Record<string, Record<string, number>>;
}

export interface InstantiationLevels {
  defaultLevelId?: string;
  levels: InstantiationLevel[];
}

interface InstantiationLevel {
  id: string;
  description?: string;
  scaleLevels: Record<string, number>;
  vduInstances: Record<string, number>;
}

export interface LcmOperation {
  declared: true;
  /** Artifact name (or file) named by `implementation`. */
  implementation?: string;
  artifactType?: string;
  /** Package paths of the implementation artifact and its dependencies. */
  artifactPaths: string[];
  /** The interface's and the operation's `inputs.additional_parameters` (SOL001 v2.6.1 §6.7.1 VnfOperationAdditionalParameters), for its MgmtDriver. */
  additionalParameters?: Record<string, unknown>;
}

export interface AffinityRule {
  id: string;
  kind: 'affinity' | 'anti-affinity';
  scope?: string;
  targets: string[];
  /** Targets with placement groups replaced by their member VDUs. */
  vduIds: string[];
}
