import { parseDocument, type Document } from 'yaml';
import { flowCutOffsets, indentFlowContinuations } from './flow-indent.repair';
import { PackageError } from './package.error';

/** Aliases a template may use before it is taken for an alias bomb ("billion laughs"). */
const MAX_YAML_ALIASES = 100;
/** Parses spent on flow continuation lines (one per nesting level cut): Tacker's files need one. */
const MAX_FLOW_REPAIRS = 4;

/**
 * Parses one YAML template with the failsafe schema (every scalar a string,
 * so `descriptor_version: 1.0` stays "1.0") and a bound on alias expansion.
 * Flow collections continued on less indented lines are read as PyYAML
 * reads them (see flow-indent.repair.ts); any other error refuses the file.
 */
export function parseYamlTemplate(bytes: Buffer, path: string): unknown {
  const text = bytes.toString('utf8');
  const document = parseLeniently(text);
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

/** The document as parsed, or as parsed once its flow continuation lines are indented; the first parse's errors when that does not help. */
function parseLeniently(text: string): Document {
  const first = parse(text);
  let document = first;
  for (let pass = 0; pass < MAX_FLOW_REPAIRS && document.errors.length > 0; pass++) {
    const repaired = indentFlowContinuations(text, flowCutOffsets(document.errors));
    if (repaired === undefined || repaired === text) return first;
    text = repaired;
    document = parse(text);
  }
  return document.errors.length > 0 ? first : document;
}

const parse = (text: string): Document => parseDocument(text, { schema: 'failsafe', uniqueKeys: true, prettyErrors: false });
