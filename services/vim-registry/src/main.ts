import 'reflect-metadata';
import { bootstrap, startBackendService } from '@vnfm/platform';
import { VimRegistryModule } from './vim-registry.module';

void bootstrap('vim-registry', (infra) => startBackendService('vim-registry', VimRegistryModule, infra));
