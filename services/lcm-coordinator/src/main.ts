import 'reflect-metadata';
import { startBackendProcess } from '@vnfm/platform';
import { LcmCoordinatorModule } from './lcm-coordinator.module';

void startBackendProcess('lcm-coordinator', LcmCoordinatorModule);
