import 'reflect-metadata';
import { startBackendProcess } from '@vnfm/platform';
import { PackageCatalogModule } from './package-catalog.module';

void startBackendProcess('package-catalog', PackageCatalogModule);
