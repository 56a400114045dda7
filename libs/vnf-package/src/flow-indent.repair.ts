import type { YAMLError } from 'yaml';

/**
 * The `yaml` lexer ends a flow collection (`[ … ]`, `{ … }`) whose next line
 * is indented no deeper than the block around it, as YAML 1.2 §7.4 says;
 * PyYAML (Tacker's parser) ignores indentation inside flow collections, and
 * ETSI's own SOL001 v2.6.1 type file relies on that (a `valid_values` list
 * continues at column 1). Inside a flow collection the leading spaces of a
 * line are folded away (plain and quoted scalars alike, §7.3), so indenting
 * such a line changes no value: it only moves it where the lexer accepts it.
 */
const FLOW_CUT = /^Flow (sequence|map) in block collection must be sufficiently indented/;

/** Where a parse ended flow collections for want of indentation: the start of each line it stopped at. */
export function flowCutOffsets(errors: readonly YAMLError[]): number[] {
  return errors.filter((error) => error.code === 'BAD_INDENT' && FLOW_CUT.test(error.message)).map((error) => error.pos[0]);
}

/**
 * `text` with the lines from each cut (an offset on the line a parse stopped at) to the end of its flow collection
 * indented one column past the content of the line before the cut (past
 * any `- ` indicators), or `undefined` when a cut is not at the start of a
 * line PyYAML would read as flow content (`---` and `...` at column 1 end a
 * document there too). Nested collections cut together need one call per level.
 */
export function indentFlowContinuations(text: string, offsets: readonly number[]): string | undefined {
  let repaired = text;
  for (const offset of [...new Set(offsets)].sort((a, b) => b - a)) {
    const cutLine = repaired.lastIndexOf('\n', offset - 1) + 1;
    if (cutLine === 0 || !/^ *$/.test(repaired.slice(cutLine, offset)) || /^(---|\.\.\.)(\s|$)/.test(repaired.slice(cutLine, cutLine + 4)))
      return undefined;
    const depth = (/^ *(?:- +)*/.exec(previousContentLine(repaired, cutLine))?.[0].length ?? 0) + 1;
    for (const lineStart of flowLineStarts(repaired, cutLine).reverse()) {
      const own = /^ */.exec(repaired.slice(lineStart, lineStart + depth))?.[0].length ?? 0;
      if (own < depth) repaired = `${repaired.slice(0, lineStart)}${' '.repeat(depth - own)}${repaired.slice(lineStart)}`;
    }
  }
  return repaired;
}

/** The starts of the lines from `from` until the flow collection `from` is in closes (quotes and comments skipped). */
function flowLineStarts(text: string, from: number): number[] {
  const starts = [from];
  let depth = 1;
  let previous = ',';
  for (let at = from; at < text.length && depth > 0; at++) {
    const char = text[at];
    if (char === '\n') {
      starts.push(at + 1);
    } else if ((char === '"' || char === "'") && '[{,:?'.includes(previous)) {
      at = endOfQuoted(text, at, starts);
    } else if (char === '#' && /\s/.test(text[at - 1])) {
      while (at + 1 < text.length && text[at + 1] !== '\n') at++;
    } else if (char === '[' || char === '{') {
      depth++;
    } else if (char === ']' || char === '}') {
      depth--;
    }
    if (!/\s/.test(char)) previous = char;
  }
  return starts.filter((start) => start < text.length && depth === 0);
}

/** The offset of the quote closing the scalar opened at `open` (line starts inside it are recorded). */
function endOfQuoted(text: string, open: number, starts: number[]): number {
  const quote = text[open];
  for (let at = open + 1; at < text.length; at++) {
    if (text[at] === '\n') starts.push(at + 1);
    else if (quote === '"' && text[at] === '\\') at++;
    else if (text[at] === quote) {
      if (quote === "'" && text[at + 1] === "'") at++;
      else return at;
    }
  }
  return text.length;
}

/** The nearest line above `lineStart` holding something other than spaces or a comment. */
function previousContentLine(text: string, lineStart: number): string {
  let end = lineStart - 1;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    if (!/^\s*(#.*)?$/.test(line)) return line;
    end = start - 1;
  }
  return '';
}
