export { KubernetesDriverModule } from './kubernetes-driver.module';
