export { LcmCoordinatorModule } from './lcm-coordinator.module';
