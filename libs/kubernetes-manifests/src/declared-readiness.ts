import { isRecord } from '@vnfm/util';
import type { KubeObject } from './kube-object';

/**
 * The annotations by which a package says when an object of its own kinds is
 * ready, or has failed, where the generic rules (conditions, replica counts)
 * do not know: on the object in the package's manifest (kept on the object
 * the API server holds). The rule is one or more clauses joined by `&&`:
 *
 * - `<path> <op> <value>`: a field by its dotted path (`status.phase`,
 *   `status.readyReplicas`), `==`, `!=`, `>=`, `<=`, `>` or `<`, and a literal
 *   (a number, `true`/`false`, or text, quoted or not) or another path;
 * - `condition <Type>=<Status>`: the object's `status.conditions` has one of
 *   that type with that status.
 *
 * e.g. `status.phase == Provisioned && status.readyReplicas >= spec.replicas`.
 */
export const READY_WHEN_ANNOTATION = 'vnfm.etsi.org/ready-when';
export const FAILED_WHEN_ANNOTATION = 'vnfm.etsi.org/failed-when';

type Clause =
  | { kind: 'compare'; text: string; path: string[]; op: Operator; value: Operand }
  | { kind: 'condition'; text: string; type: string; status: string };
type Operator = '==' | '!=' | '>=' | '<=' | '>' | '<';
type Operand = { path: string[] } | { literal: unknown };

const COMPARE = /^([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)\s*(==|!=|>=|<=|>|<)\s*(.+)$/;
const CONDITION = /^condition\s+([A-Za-z][\w.-]*)\s*=\s*(True|False|Unknown)$/;
const PATH = /^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+$/;

/** A rule's clauses, or the reason it is not one. */
export function parseReadinessRule(rule: string): Clause[] | { error: string } {
  const clauses: Clause[] = [];
  for (const part of rule.split('&&').map((text) => text.trim())) {
    const condition = CONDITION.exec(part);
    if (condition) {
      clauses.push({ kind: 'condition', text: part, type: condition[1], status: condition[2] });
      continue;
    }
    const compare = COMPARE.exec(part);
    if (!compare) return { error: `"${part}" is neither "<path> <op> <value>" nor "condition <Type>=<Status>"` };
    clauses.push({
      kind: 'compare',
      text: part,
      path: compare[1].split('.'),
      op: compare[2] as Operator,
      value: operand(compare[3].trim()),
    });
  }
  return clauses;
}

function operand(text: string): Operand {
  if (/^".*"$|^'.*'$/.test(text)) return { literal: text.slice(1, -1) };
  if (/^-?\d+(\.\d+)?$/.test(text)) return { literal: Number(text) };
  if (text === 'true' || text === 'false') return { literal: text === 'true' };
  if (PATH.test(text) && /^(spec|status|metadata)\./.test(text)) return { path: text.split('.') };
  return { literal: text };
}

const at = (object: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), object);

function holds(object: KubeObject, clause: Clause): boolean {
  if (clause.kind === 'condition') {
    const conditions = at(object, ['status', 'conditions']);
    return Array.isArray(conditions) && conditions.some((c) => isRecord(c) && c['type'] === clause.type && c['status'] === clause.status);
  }
  const left = at(object, clause.path);
  const right = 'path' in clause.value ? at(object, clause.value.path) : clause.value.literal;
  if (left === undefined) return clause.op === '!=' && right !== undefined;
  switch (clause.op) {
    case '==':
      return String(left) === String(right);
    case '!=':
      return String(left) !== String(right);
    default: {
      const [a, b] = [Number(left), Number(right)];
      if (Number.isNaN(a) || Number.isNaN(b)) return false;
      return clause.op === '>=' ? a >= b : clause.op === '<=' ? a <= b : clause.op === '>' ? a > b : a < b;
    }
  }
}

/** What the object's declared rules say: failed (its failed-when rule holds), ready or not (its ready-when rule), or nothing (none declared). */
export function declaredReadiness(object: KubeObject): { ready: boolean; failed?: boolean; reason: string } | undefined {
  const annotations = isRecord(object.metadata['annotations']) ? object.metadata['annotations'] : {};
  const failedWhen = annotations[FAILED_WHEN_ANNOTATION];
  const readyWhen = annotations[READY_WHEN_ANNOTATION];
  if (typeof failedWhen === 'string') {
    const clauses = parseReadinessRule(failedWhen);
    if ('error' in clauses)
      return { ready: false, failed: true, reason: `its ${FAILED_WHEN_ANNOTATION} rule is not understood: ${clauses.error}` };
    if (clauses.every((clause) => holds(object, clause)))
      return { ready: false, failed: true, reason: `${failedWhen} (its ${FAILED_WHEN_ANNOTATION} rule)` };
  }
  if (typeof readyWhen !== 'string') return undefined;
  const clauses = parseReadinessRule(readyWhen);
  if ('error' in clauses)
    return { ready: false, failed: true, reason: `its ${READY_WHEN_ANNOTATION} rule is not understood: ${clauses.error}` };
  const unmet = clauses.filter((clause) => !holds(object, clause));
  return unmet.length === 0
    ? { ready: true, reason: 'ready' }
    : { ready: false, reason: `not yet ${unmet.map((clause) => clause.text).join(' && ')}` };
}
