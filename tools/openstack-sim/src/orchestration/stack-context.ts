import { TemplateError } from '../hot/hot-types';
import type { IntrinsicContext } from '../hot/intrinsic-functions';
import type { StackRecord } from './stack-types';

export type AttributeReader = (stack: StackRecord, resourceName: string, attribute: string, path: readonly unknown[]) => unknown;

/** Intrinsic functions evaluated inside `stack`: its parameters, its resources and its `files`. */
export function stackContext(stack: StackRecord, readAttribute: AttributeReader): IntrinsicContext {
  return {
    param(name) {
      if (!Object.hasOwn(stack.parameterValues, name))
        throw new TemplateError(`The Parameter (${name}) was not provided.`, 'UserParameterMissing');
      return stack.parameterValues[name];
    },
    resourceId(name) {
      const record = stack.resources.get(name);
      if (record === undefined) throw new TemplateError(`The specified reference "${name}" is incorrect.`, 'InvalidTemplateReference');
      return record.physicalId;
    },
    attribute: (resource, attribute, path) => readAttribute(stack, resource, attribute, path),
    file(key) {
      const content = stack.definition.files[key];
      if (content === undefined) throw new TemplateError(`No content found in the "files" section for get_file path: ${key}`);
      return content;
    },
  };
}
