import 'reflect-metadata';
import { bootstrap } from '@vnfm/platform';
import { startGateway } from './start-gateway';

void bootstrap('gateway', (infra) => startGateway(infra));
