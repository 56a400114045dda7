import 'reflect-metadata';
import { bootstrap, startBackendService } from '@vnfm/platform';
import { LcmCoordinatorModule } from './lcm-coordinator.module';

void bootstrap('lcm-coordinator', (infra) => startBackendService('lcm-coordinator', LcmCoordinatorModule, infra));
