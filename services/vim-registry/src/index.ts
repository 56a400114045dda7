export { VimRegistryModule } from './vim-registry.module';
