import { fileReferences, parseHotTemplate, type HotTemplate } from './hot-template';
import { unusableBaseHot } from './heat.errors';

/** A flavour's BaseHOT in the package: the top template and its nested templates (package paths). */
export interface BaseHotPaths {
  path: string;
  nestedPaths: readonly string[];
}

export interface HeatTemplateFiles {
  template: HotTemplate;
  /** Heat's `files` map: nested template texts under the names the templates use for them. */
  files: Record<string, string>;
}

const dirOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * The top template and the `files` of a stack create. Tacker's BaseHOTs name
 * a nested template by its file name (`type: VDU1.yaml`) although it sits in
 * `nested/`; others use the path relative to the top template
 * (`nested/VDU1.yaml`). Each file goes under the name some template uses,
 * the relative path when none does.
 */
export function heatTemplateFiles(baseHot: BaseHotPaths, texts: Readonly<Record<string, string>>): HeatTemplateFiles {
  const read = (path: string) => {
    const text = texts[path];
    if (text === undefined) throw unusableBaseHot(`The package has no BaseHOT file ${path}.`);
    return text;
  };
  const template = parseHotTemplate(read(baseHot.path), baseHot.path);
  const nested = baseHot.nestedPaths.map((path) => ({ path, text: read(path), template: parseHotTemplate(read(path), path) }));
  const referenced = new Set([template, ...nested.map((file) => file.template)].flatMap((doc) => [...fileReferences(doc)]));
  const top = dirOf(baseHot.path);
  const files: Record<string, string> = {};
  for (const file of nested) {
    const relative = file.path.startsWith(top) ? file.path.slice(top.length) : file.path;
    const name = [relative, baseName(file.path)].find((candidate) => referenced.has(candidate)) ?? relative;
    files[name] = file.text;
  }
  return { template, files };
}
