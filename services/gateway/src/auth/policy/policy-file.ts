import { readFileSync } from 'node:fs';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { errorMessage } from '@vnfm/util';

/** A rule a policy file sets, and where it does. */
export interface RuleText {
  name: string;
  check: string;
  /** `<file> line <n>`, for the messages that refuse it. */
  where: string;
}

/**
 * The rules of a policy file in the form of Tacker's policy.yaml, YAML or
 * JSON: `"<rule name>": "<check string>"` (docs/policy.md). An empty file
 * sets none; anything but such a mapping is refused, naming the file and line.
 */
export function readPolicyFile(file: string): RuleText[] {
  const refused = (detail: string) => new Error(`VNFM_POLICY_FILE ${file}${detail}`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw refused(` cannot be read: ${errorMessage(error)}`);
  }
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines });
  if (document.errors.length > 0) throw refused(` is neither YAML nor JSON: ${document.errors[0].message}`);
  if (document.contents === null) return [];
  if (!isMap(document.contents)) throw refused(': a policy file maps rule names to check strings ("<rule>": "<check string>")');
  return document.contents.items.map(({ key, value }) => {
    const line = isScalar(key) && key.range ? lines.linePos(key.range[0]).line : undefined;
    const where = `${file} line ${line ?? '?'}`;
    if (!isScalar(key) || typeof key.value !== 'string') throw refused(` line ${line ?? '?'}: a rule name must be a string`);
    if (!isScalar(value) || typeof value.value !== 'string')
      throw refused(` line ${line}: "${key.value}" must be a check string (write "" to allow everyone; lists of lists are not read)`);
    return { name: key.value, check: value.value, where };
  });
}
