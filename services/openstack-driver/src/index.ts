export { OpenstackDriverModule } from './openstack-driver.module';
