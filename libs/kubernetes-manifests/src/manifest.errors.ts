import { AppError } from '@vnfm/contracts';

/** The request or the package does not say which manifests to deploy, or a manifest cannot be read. */
export const unusableManifests = (detail: string) => new AppError('KUBERNETES_MANIFESTS_NOT_USABLE', 422, 'Unprocessable Entity', detail);

/** A VDU of the flavour has no workload of its name in the manifests the request names. */
export const vduWithoutWorkload = (vduIds: readonly string[], files: readonly string[]) =>
  unusableManifests(
    `No workload in ${files.join(', ')} is named after VDU ${vduIds.join(', ')} (its id or properties.name, as Tacker maps them).`,
  );
