export { STEP_SECRETS_ROOT, refuseSealedMarkers, sealedMarkerInRequest } from './request-secrets';
