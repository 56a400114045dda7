import 'reflect-metadata';
import { bootstrap, startBackendService } from '@vnfm/platform';
import { MgmtDriverRunnerModule } from './mgmt-driver-runner.module';

void bootstrap('mgmt-driver-runner', (infra) => startBackendService('mgmt-driver-runner', MgmtDriverRunnerModule, infra));
