import 'reflect-metadata';
import { startBackendProcess } from '@vnfm/platform';
import { VimRegistryModule } from './vim-registry.module';

void startBackendProcess('vim-registry', VimRegistryModule);
