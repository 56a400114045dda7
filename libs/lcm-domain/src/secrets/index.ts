export { refuseSealedMarkers } from './request-secrets';
