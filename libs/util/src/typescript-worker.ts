/**
 * Code for a worker thread (`new Worker(code, { eval: true })`) that runs a
 * TypeScript module: for runs from the sources (tests), where no compiled
 * file exists. Each .ts file the worker requires is compiled with SWC (a
 * dev dependency), with the options Jest's transform uses.
 */
export function typeScriptWorkerCode(entry: string): string {
  const options = {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  };
  return [
    "const { transformSync } = require('@swc/core');",
    "const { readFileSync } = require('node:fs');",
    `require.extensions['.ts'] = (module, filename) => module._compile(transformSync(readFileSync(filename, 'utf8'), { filename, ...${JSON.stringify(options)} }).code, filename);`,
    `require(${JSON.stringify(entry)});`,
  ].join('\n');
}
