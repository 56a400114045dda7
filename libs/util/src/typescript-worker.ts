import { join } from 'node:path';

/** The workspace's SWC settings, which the build and Jest compile with too. */
const SWCRC = join(__dirname, '..', '..', '..', '.swcrc');

/**
 * Code for a worker thread (`new Worker(code, { eval: true })`) that runs a
 * TypeScript module: for runs from the sources (tests), where no compiled
 * file exists. Each .ts file the worker requires is compiled with SWC (a
 * dev dependency) and the workspace's `.swcrc`.
 */
export function typeScriptWorkerCode(entry: string): string {
  return [
    "const { transformSync } = require('@swc/core');",
    "const { readFileSync } = require('node:fs');",
    `const options = JSON.parse(readFileSync(${JSON.stringify(SWCRC)}, 'utf8'));`,
    "require.extensions['.ts'] = (module, filename) => module._compile(transformSync(readFileSync(filename, 'utf8'), { ...options, filename, swcrc: false }).code, filename);",
    `require(${JSON.stringify(entry)});`,
  ].join('\n');
}
