import 'reflect-metadata';
import { bootstrap, startBackendService } from '@vnfm/platform';
import { PackageCatalogModule } from './package-catalog.module';

void bootstrap('package-catalog', (infra) => startBackendService('package-catalog', PackageCatalogModule, infra));
