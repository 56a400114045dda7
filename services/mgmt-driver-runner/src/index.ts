export { MgmtDriverRunnerModule } from './mgmt-driver-runner.module';
