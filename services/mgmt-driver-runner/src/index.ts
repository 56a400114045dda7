export { MgmtDriverRunnerModule } from './mgmt-driver-runner.module';
export { HOOK_DRIVERS, type HookDriver, type HookSecrets, type HookPackageFiles } from './drivers/hook-driver';
