// Tacker package layout: BaseHOT/<flavourId>/<top>.yaml with nested templates under
// BaseHOT/<flavourId>/nested/, Kubernetes manifests and Helm charts under Files/kubernetes/.
const YAML_FILE = /\.ya?ml$/i;

export function findBaseHot(flavourId: string, packageFiles: readonly string[]): { path: string; nestedPaths: string[] } | undefined {
  const folder = `BaseHOT/${flavourId}/`;
  const inFolder = packageFiles.filter((file) => file.startsWith(folder) && YAML_FILE.test(file)).sort();
  const [path] = inFolder.filter((file) => !file.slice(folder.length).includes('/'));
  if (!path) return undefined;
  return { path, nestedPaths: inFolder.filter((file) => file.startsWith(`${folder}nested/`)) };
}

export const findKubernetesManifests = (packageFiles: readonly string[]): string[] =>
  packageFiles.filter((file) => /^Files\/kubernetes\/[^/]+\.ya?ml$/i.test(file)).sort();

export const findHelmCharts = (packageFiles: readonly string[]): string[] =>
  packageFiles.filter((file) => /^Files\/kubernetes\/[^/]+\.tgz$/i.test(file)).sort();
