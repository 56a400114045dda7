// Builds the workspace into dist/ (run by tools/build/build.sh):
// - every TypeScript file of libs/*/src, services/*/src, tools/*/src and e2e/support (the benchmarks use it), tests
//   left out, compiled file by file with SWC and the settings in .swcrc (the ones Jest compiles the tests with). No
//   type check here: `npm run lint` runs tsc over every file, tests included;
// - the data shipped inside libs and services (YAML, such as the bundled ETSI SOL001 type definitions) copied beside
//   the compiled code;
// - each workspace package made resolvable from the compiled code: dist/node_modules/@vnfm/<pkg> points at the
//   package's compiled entry, so `require('@vnfm/platform')` in dist/ finds dist/libs/platform/src/index.js before
//   the source symlinks in node_modules/, and `@vnfm/<lib>/testing` at its compiled test support.
import { transformFile } from '@swc/core';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

const OUT = 'dist';

/** Every file under dir whose name passes keep, recursively; none when dir does not exist (a package without src/). */
async function filesUnder(dir, keep) {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path, keep);
      return keep(entry.name, path) ? [path] : [];
    }),
  );
  return nested.flat();
}

async function compile(source) {
  const target = join(OUT, source.replace(/\.ts$/, '.js'));
  const { code, map } = await transformFile(source, { sourceMaps: true, sourceFileName: relative(dirname(target), source) });
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, `${code}\n//# sourceMappingURL=${basename(target)}.map\n`);
  await writeFile(`${target}.map`, map);
}

async function copyData(file) {
  await mkdir(join(OUT, dirname(file)), { recursive: true });
  await copyFile(file, join(OUT, file));
}

async function link(pkg) {
  const { name } = JSON.parse(await readFile(join(pkg, 'package.json'), 'utf8'));
  const entry = existsSync(join(pkg, 'src', 'index.ts')) ? 'index.js' : 'main.js';
  const home = join(OUT, 'node_modules', name);
  await mkdir(home, { recursive: true });
  await writeFile(join(home, 'package.json'), `${JSON.stringify({ name, main: `../../../${pkg}/src/${entry}` })}\n`);
  if (existsSync(join(pkg, 'src', 'testing.ts'))) {
    await writeFile(join(home, 'testing.js'), `module.exports = require('../../../${pkg}/src/testing.js');\n`);
  }
}

const packagesOf = async (root) =>
  (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => join(root, entry.name));
const [libs, services, tools] = await Promise.all(['libs', 'services', 'tools'].map(packagesOf));
const isSource = (name) => name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts');
const isData = (name, path) => /\.ya?ml$/.test(name) && !path.split('/').includes('testing');

const sourceDirs = [...[...libs, ...services, ...tools].map((pkg) => join(pkg, 'src')), join('e2e', 'support')];
const sources = (await Promise.all(sourceDirs.map((dir) => filesUnder(dir, isSource)))).flat();
const data = (await Promise.all([...libs, ...services].map((pkg) => filesUnder(join(pkg, 'src'), isData)))).flat();
const workspacePackages = [...libs, ...services].filter((pkg) => existsSync(join(pkg, 'package.json')));
await Promise.all([...sources.map(compile), ...data.map(copyData), ...workspacePackages.map(link)]);
process.stderr.write(
  `built ${sources.length} files, ${data.length} data files and ${workspacePackages.length} package links into ${OUT}/\n`,
);
