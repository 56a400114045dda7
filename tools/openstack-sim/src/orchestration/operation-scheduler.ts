/** Timers for stack operations still in progress, one per stack; a new operation replaces the pending one. */
export class OperationScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  run(stackId: string, delayMs: number, operation: () => void): void {
    this.cancel(stackId);
    const timer = setTimeout(() => {
      this.timers.delete(stackId);
      operation();
    }, delayMs);
    this.timers.set(stackId, timer);
  }

  cancel(stackId: string): void {
    clearTimeout(this.timers.get(stackId));
    this.timers.delete(stackId);
  }

  cancelAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
