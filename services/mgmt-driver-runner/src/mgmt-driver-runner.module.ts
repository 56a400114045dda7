import { type DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { StepHostModule } from '@vnfm/step-host';
import { HOOK_DRIVERS, type HookDriver } from './drivers/hook-driver';
import { MgmtDriverRegistry } from './drivers/mgmt-driver-registry';
import { HookStep } from './hook.step';
import { SupportedHooksController } from './supported-hooks.controller';

/** The runner's MgmtDrivers, for both the hook steps and the supportedHooks query. */
@Module({})
class MgmtDriversModule {
  static of(drivers: readonly HookDriver[]): DynamicModule {
    return {
      module: MgmtDriversModule,
      providers: [
        { provide: HOOK_DRIVERS, useValue: drivers },
        { provide: MgmtDriverRegistry, useFactory: (all: HookDriver[]) => new MgmtDriverRegistry(all), inject: [HOOK_DRIVERS] },
      ],
      exports: [MgmtDriverRegistry],
    };
  }
}

/** The runner with these MgmtDrivers: the step host's hook handler and the supportedHooks query share one registry. */
function runnerWith(drivers: readonly HookDriver[]): Pick<ModuleMetadata, 'imports' | 'controllers'> {
  const driversModule = MgmtDriversModule.of(drivers);
  return {
    imports: [
      driversModule,
      StepHostModule.register({
        service: 'mgmt-driver-runner',
        imports: [driversModule],
        providers: [HookStep],
        handlers: { useFactory: (step: HookStep) => ({ hook: step.run }), inject: [HookStep] },
        resume: 'fail',
      }),
    ],
    controllers: [SupportedHooksController],
  };
}

/** The runner composed with MgmtDrivers given at start (see MgmtDriverRunnerModule.withDrivers). */
@Module({})
class ComposedMgmtDriverRunnerModule {}

/**
 * Composition root of the mgmt-driver-runner service: runs the VNFD's
 * management hooks as steps of the step host, each with the MgmtDriver its
 * artifact matches. A hook open when the runner stopped fails as interrupted
 * instead of running its script twice. No MgmtDriver is built in yet, so
 * every hook is refused naming its artifact; `withDrivers` composes a runner
 * with some (a product build, a test's recording driver).
 */
@Module(runnerWith([]))
export class MgmtDriverRunnerModule {
  static withDrivers(drivers: readonly HookDriver[]): DynamicModule {
    return { module: ComposedMgmtDriverRunnerModule, ...runnerWith(drivers) };
  }
}
