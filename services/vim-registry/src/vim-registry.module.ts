import { Module } from '@nestjs/common';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { OutboundPolicy } from '@vnfm/util';
import { keyRingFor, VimRegistry } from './vim-registry';
import { VimRegistryController } from './vim-registry.controller';

/**
 * Composition root of the vim-registry service: VIM registration with
 * reachability checks, secrets under envelope encryption, the VIM read model
 * and vimConnectionInfo resolution, answering on the bus. VimRegistry
 * replays its read model when the module starts, before commands arrive.
 */
@Module({
  controllers: [VimRegistryController],
  providers: [
    {
      provide: VimRegistry,
      inject: [SERVICE_RUNTIME],
      useFactory: (runtime: ServiceRuntime) => {
        if (!runtime.store) throw new Error('vim-registry needs its event store');
        return new VimRegistry({
          store: runtime.store,
          logger: runtime.logger,
          keyRing: keyRingFor(runtime.config),
          policy: OutboundPolicy.fromConfig(runtime.config, 'vim'),
        });
      },
    },
  ],
})
export class VimRegistryModule {}
