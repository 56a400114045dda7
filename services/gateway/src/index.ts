export { startGateway } from './start-gateway';
