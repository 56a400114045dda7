/**
 * Runs tasks one after another. Guards the registry's cross-VIM rules (a
 * name is unique per tenant, a tenant has one default VIM) within a process;
 * each VIM's own stream is protected by its expected revision.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
