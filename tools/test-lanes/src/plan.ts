/**
 * Lanes for the int and e2e test files: each lane is one Jest process running
 * its files one at a time, the lanes run side by side (tools/test.sh). Files
 * that share what cannot be split by lane (e2e/support/lanes.ts) name the same
 * group on a line of their own, `// test-lane-group: <name>`, and always land
 * in one lane. Groups and files are placed longest first on the lane with the
 * least work so far, from the wall times of an earlier run.
 */
export interface TestFile {
  path: string;
  /** Seconds it took last time (an estimate when unknown). */
  seconds: number;
  groups: string[];
}

export interface Lane {
  files: string[];
  seconds: number;
}

const GROUP_LINE = /^\s*\/\/\s*test-lane-group:\s*([a-z0-9-]+)/gm;

/** The groups a test file's source names. */
export const groupsOf = (source: string): string[] => [...source.matchAll(GROUP_LINE)].map((match) => match[1]);

export function planLanes(files: readonly TestFile[], laneCount: number): Lane[] {
  // Files joined by a group, transitively (a file in two groups joins them), form one unit of placement.
  const unitOf = new Map<string, TestFile[]>();
  const units: TestFile[][] = [];
  for (const file of files) {
    const joined = new Set(file.groups.map((group) => unitOf.get(group)).filter((unit): unit is TestFile[] => unit !== undefined));
    const unit = [file, ...[...joined].flat()];
    for (const old of joined) units.splice(units.indexOf(old), 1);
    units.push(unit);
    for (const member of unit) for (const group of member.groups) unitOf.set(group, unit);
  }
  const weight = (unit: TestFile[]) => unit.reduce((sum, file) => sum + file.seconds, 0);
  const lanes: Lane[] = Array.from({ length: laneCount }, () => ({ files: [], seconds: 0 }));
  for (const unit of [...units].sort((a, b) => weight(b) - weight(a) || a[0].path.localeCompare(b[0].path))) {
    const lane = lanes.reduce((least, candidate) => (candidate.seconds < least.seconds ? candidate : least));
    // Longest first within a lane too: Jest runs a lane's files in the order given.
    lane.files.push(...[...unit].sort((a, b) => b.seconds - a.seconds).map((file) => file.path));
    lane.seconds += weight(unit);
  }
  return lanes;
}
