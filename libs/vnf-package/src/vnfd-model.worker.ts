import { parentPort } from 'node:worker_threads';
import { AppError } from '@vnfm/contracts';
import { runVnfdModelTask, type VnfdModelTask } from './vnfd-model.task';

/** The model thread: one task at a time from vnfd-model.thread.ts; a refusal keeps its code, anything else its message. */
parentPort?.on('message', (task: VnfdModelTask) => {
  runVnfdModelTask(task).then(
    (result) => parentPort?.postMessage({ result }),
    (error: unknown) =>
      parentPort?.postMessage(
        error instanceof AppError
          ? { refusal: { code: error.code, detail: error.detail } }
          : { failure: error instanceof Error ? (error.stack ?? error.message) : String(error) },
      ),
  );
});
