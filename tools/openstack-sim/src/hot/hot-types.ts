/**
 * The parts of a Heat Orchestration Template the simulator reads (HOT specification:
 * "Template structure", "Parameters section", "Resources section", "Outputs section").
 */

export interface ParameterDeclaration {
  readonly type?: string;
  readonly default?: unknown;
}

export interface ResourceDefinition {
  readonly type: string;
  readonly properties?: unknown;
  readonly depends_on?: unknown;
}

export interface OutputDefinition {
  readonly value?: unknown;
  readonly description?: string;
}

export interface HotTemplate {
  readonly heat_template_version: string;
  readonly description?: string;
  readonly parameters: Readonly<Record<string, ParameterDeclaration>>;
  readonly resources: Readonly<Record<string, ResourceDefinition>>;
  readonly outputs: Readonly<Record<string, OutputDefinition>>;
}

/** A stack environment ("Environments" in the Heat template guide). */
export interface Environment {
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly parameter_defaults: Readonly<Record<string, unknown>>;
  /** Resource type → template file (a key of `files`) or another resource type. */
  readonly resource_registry: Readonly<Record<string, string>>;
}

export const EMPTY_ENVIRONMENT: Environment = { parameters: {}, parameter_defaults: {}, resource_registry: {} };

/** A template, environment or parameter problem: Heat answers these with 400 before doing anything. */
export class TemplateError extends Error {
  constructor(
    message: string,
    readonly errorType = 'StackValidationFailed',
  ) {
    super(message);
    this.name = 'TemplateError';
  }
}
