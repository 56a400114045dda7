/** The stack is busy or the name is taken (Heat answers 409 Conflict). */
export class StackConflictError extends Error {
  constructor(
    message: string,
    readonly errorType: string,
  ) {
    super(message);
    this.name = 'StackConflictError';
  }
}
