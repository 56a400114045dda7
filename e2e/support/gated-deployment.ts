/**
 * VDU2 of cnf-v2-all-kinds (Deployment `vdu2`) whose pods may run only on a
 * node labelled `<key>=<value>`: until the test labels a kwok node they stay
 * Pending, so the step waits for readiness as long as the test wants. The
 * names are quoted: a random value of digits only would be a YAML number,
 * which a label selector refuses.
 */
export const gatedDeployment = (app: string, key: string, value: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: vdu2
spec:
  replicas: 1
  selector:
    matchLabels: { app: ${JSON.stringify(app)} }
  template:
    metadata:
      labels: { app: ${JSON.stringify(app)} }
    spec:
      nodeSelector: { ${JSON.stringify(key)}: ${JSON.stringify(value)} }
      containers:
        - name: nginx
          image: nginx
`;
