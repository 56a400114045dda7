import 'reflect-metadata';
import { bootstrap, startBackendService } from '@vnfm/platform';
import { OpenstackDriverModule } from './openstack-driver.module';

void bootstrap('openstack-driver', (infra) => startBackendService('openstack-driver', OpenstackDriverModule, infra));
