import { startCapiTestController } from './controller';

/**
 * The test controller as a process (tools/capi/test-controller.sh):
 * KUBECONFIG (required), CAPI_TEST_NAMESPACE (optional), CAPI_TEST_DELAY_MS.
 * Prints `ready` once watching; stops on SIGTERM or SIGINT.
 */
async function main(): Promise<void> {
  const kubeconfig = process.env['KUBECONFIG'];
  if (!kubeconfig) throw new Error('KUBECONFIG must name the management cluster kubeconfig');
  const controller = await startCapiTestController({
    kubeconfig,
    namespace: process.env['CAPI_TEST_NAMESPACE'] || undefined,
    log: (line) => console.error(line),
  });
  console.log('ready');
  const stop = () => void controller.stop().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
