import 'reflect-metadata';
import { startBackendProcess } from '@vnfm/platform';
import { KubernetesDriverModule } from './kubernetes-driver.module';

void startBackendProcess('kubernetes-driver', KubernetesDriverModule);
