import 'reflect-metadata';
import { startBackendProcess } from '@vnfm/platform';
import { MgmtDriverRunnerModule } from './mgmt-driver-runner.module';

void startBackendProcess('mgmt-driver-runner', MgmtDriverRunnerModule);
