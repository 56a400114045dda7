/**
 * A resource could not reach its target state. `path` names the resource chain from the stack
 * the failure is reported in down to the failing resource, so nested failures read like Heat's
 * `ResourceInError: resources.VDU1_group.resources.abc.resources.VDU1: <detail>`.
 */
export class ResourceFailure extends Error {
  constructor(
    readonly errorType: string,
    readonly detail: string,
    readonly path: readonly string[] = [],
    /** The nested stack the failing resource left behind, when it is backed by one. */
    readonly nestedStackId?: string,
  ) {
    super(`${errorType}: ${detail}`);
    this.name = 'ResourceFailure';
  }

  /** The same failure, noting the nested stack it happened in. */
  inStack(stackId: string): ResourceFailure {
    return new ResourceFailure(this.errorType, this.detail, this.path, stackId);
  }

  /** The same failure as seen from the stack that owns `resourceName`. */
  within(resourceName: string): ResourceFailure {
    return new ResourceFailure(this.errorType, this.detail, [resourceName, ...this.path]);
  }

  describe(): string {
    const location = this.path.length === 0 ? '' : `resources.${this.path.join('.resources.')}: `;
    return `${this.errorType}: ${location}${this.detail}`;
  }
}
