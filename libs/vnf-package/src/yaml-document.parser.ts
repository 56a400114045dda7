import { parseDocument } from 'yaml';
import { PackageError } from './package.error';

/** Aliases a template may use before it is taken for an alias bomb ("billion laughs"). */
const MAX_YAML_ALIASES = 100;

/**
 * Parses one YAML template with the failsafe schema (every scalar a string,
 * so `descriptor_version: 1.0` stays "1.0") and a bound on alias expansion.
 */
export function parseYamlTemplate(bytes: Buffer, path: string): unknown {
  const document = parseDocument(bytes.toString('utf8'), { schema: 'failsafe', uniqueKeys: true, prettyErrors: false });
  const [error] = document.errors;
  if (error) throw new PackageError('INVALID_YAML', `${path} is not valid YAML: ${error.message.split('\n')[0]}`);
  try {
    return document.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (failure) {
    if (/alias/i.test((failure as Error).message)) {
      throw new PackageError('YAML_ALIAS_LIMIT', `${path} expands YAML aliases beyond the limit of ${MAX_YAML_ALIASES} (alias bomb)`);
    }
    throw new PackageError('INVALID_YAML', `${path} cannot be read as YAML: ${(failure as Error).message}`);
  }
}
