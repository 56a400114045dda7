import 'reflect-metadata';
import { bootstrap, startBackendService } from '@vnfm/platform';
import { KubernetesDriverModule } from './kubernetes-driver.module';

void bootstrap('kubernetes-driver', (infra) => startBackendService('kubernetes-driver', KubernetesDriverModule, infra));
