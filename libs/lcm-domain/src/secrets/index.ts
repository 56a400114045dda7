export { refuseSealedMarkers, sealedMarkerInRequest } from './request-secrets';
