export { kubeConfigOf } from './kube-config';
