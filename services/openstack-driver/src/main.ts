import 'reflect-metadata';
import { startBackendProcess } from '@vnfm/platform';
import { OpenstackDriverModule } from './openstack-driver.module';

void startBackendProcess('openstack-driver', OpenstackDriverModule);
