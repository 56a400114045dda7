import { containsSealedMarker, SecretScanDepthError } from '@vnfm/util';
import { AppError } from '@vnfm/contracts';

/*
 * Path convention of sealed request secrets. Each LCM request is sealed as
 * its body (`LcmOperationRequest.params`, `CreateVnfRequest`), so a secret's
 * JSON Pointer, authenticated with its ciphertext, starts at a top-level
 * member of the body: `/additionalParams/k8s_cluster_installation_param/ansible/password`,
 * `/metadata/...`, `/extensions/...`. A step that carries a part of a request
 * opens it with that part's pointer as root (`ADDITIONAL_PARAMS_ROOT` of
 * @vnfm/contracts for the request's additionalParams, '' for the whole body), whichever request of the instance
 * sealed it: instantiate, scale, heal and terminate requests all seal their
 * additionalParams under the same root, so merged additionalParams open as one.
 */

/** Markers are ours to write: client input holding one is refused (it could only be a copy of a sealed secret or a forgery). */
const sealedMarkerInRequest = () =>
  new AppError(
    'SEALED_MARKER_IN_REQUEST',
    400,
    'Bad Request',
    "The request holds text of the form 'sealed:v1:…', which this VNF Manager reserves for its sealed secrets; send secrets in clear over TLS.",
  );

/** Throws the 400 refusing client input that holds a sealed marker, or is nested too deep for secrets to be searched. */
export function refuseSealedMarkers(body: unknown): void {
  try {
    if (containsSealedMarker(body)) throw sealedMarkerInRequest();
  } catch (error) {
    if (error instanceof SecretScanDepthError) throw new AppError('INVALID_LCM_REQUEST', 400, 'Bad Request', error.message);
    throw error;
  }
}
