export { MgmtDriverRunnerModule } from './mgmt-driver-runner.module';
export { type HookSecrets, type HookPackageFiles } from './drivers/hook-driver';
