import { type DynamicModule, Module, type ModuleMetadata, type Provider } from '@nestjs/common';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { StepHostModule } from '@vnfm/step-host';
import { BUILT_IN_DRIVERS } from './drivers/built-in';
import { HOOK_DRIVERS, type HookDriver } from './drivers/hook-driver';
import { MgmtDriverRegistry } from './drivers/mgmt-driver-registry';
import { HookStep } from './hook.step';
import { REMOTE_SHELL, type RemoteShell } from './ssh/remote-shell';
import { sshShellProvider } from './ssh/ssh-shell.provider';
import { SupportedHooksController } from './supported-hooks.controller';

/** The product's MgmtDrivers (BUILT_IN_DRIVERS), each made with the runner's SSH client and runtime. */
const builtInDrivers: Provider[] = [
  sshShellProvider,
  {
    provide: HOOK_DRIVERS,
    useFactory: (shell: RemoteShell, runtime: ServiceRuntime) => BUILT_IN_DRIVERS.map((make) => make({ shell, runtime })),
    inject: [REMOTE_SHELL, SERVICE_RUNTIME],
  },
];

/** The runner's MgmtDrivers, for both the hook steps and the supportedHooks query. */
@Module({})
class MgmtDriversModule {
  /** `drivers`: given ones (tests, other compositions), or the built-in ones made through DI. */
  static of(drivers: readonly HookDriver[] | 'built-in'): DynamicModule {
    return {
      module: MgmtDriversModule,
      providers: [
        ...(drivers === 'built-in' ? builtInDrivers : [{ provide: HOOK_DRIVERS, useValue: drivers }]),
        { provide: MgmtDriverRegistry, useFactory: (all: HookDriver[]) => new MgmtDriverRegistry(all), inject: [HOOK_DRIVERS] },
      ],
      exports: [MgmtDriverRegistry],
    };
  }
}

/** The runner with these MgmtDrivers: the step host's hook handler and the supportedHooks query share one registry. */
function runnerWith(drivers: readonly HookDriver[] | 'built-in'): Pick<ModuleMetadata, 'imports' | 'controllers'> {
  const driversModule = MgmtDriversModule.of(drivers);
  return {
    imports: [
      driversModule,
      StepHostModule.register({
        service: 'mgmt-driver-runner',
        imports: [driversModule],
        providers: [HookStep],
        handlers: { useFactory: (step: HookStep) => ({ hook: step.run }), inject: [HookStep] },
        resume: { useFactory: (step: HookStep) => step.resumption, inject: [HookStep] },
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
 * artifact matches, from BUILT_IN_DRIVERS (made with the runner's SSH client,
 * see docs/mgmt-drivers.md). A hook left open by a runner replica gone runs
 * again on a peer when its driver converges, else fails as interrupted
 * instead of running its script twice; a hook no driver takes is
 * refused naming its artifact. `withDrivers` composes a runner with other
 * drivers (a test's recording driver).
 */
@Module(runnerWith('built-in'))
export class MgmtDriverRunnerModule {
  static withDrivers(drivers: readonly HookDriver[]): DynamicModule {
    return { module: ComposedMgmtDriverRunnerModule, ...runnerWith(drivers) };
  }
}
