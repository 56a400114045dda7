import { groupsOf, planLanes, type TestFile } from './plan';

const file = (path: string, seconds: number, ...groups: string[]): TestFile => ({ path, seconds, groups });

describe('test lanes', () => {
  it('reads the groups a file names, one per line', () => {
    expect(
      groupsOf(
        "import x from 'y';\n// test-lane-group: capi-crds\n  // test-lane-group: kafka-bus (topics)\nconst a = 1; // test-lane-group: no",
      ),
    ).toEqual(['capi-crds', 'kafka-bus']);
  });

  it('balances files longest first over the lanes', () => {
    const lanes = planLanes([file('a', 100), file('b', 60), file('c', 50), file('d', 10)], 2);
    expect(lanes).toEqual([
      { files: ['a', 'd'], seconds: 110 },
      { files: ['b', 'c'], seconds: 110 },
    ]);
  });

  it('keeps the files of a group in one lane, and joins groups that share a file', () => {
    const lanes = planLanes(
      [file('x1', 10, 'x'), file('big', 100), file('x2', 10, 'x', 'y'), file('y1', 10, 'y'), file('z', 5), file('w', 5)],
      2,
    );
    const laneOf = (path: string) => lanes.findIndex((lane) => lane.files.includes(path));
    expect(new Set(['x1', 'x2', 'y1'].map(laneOf)).size).toBe(1);
    expect(laneOf('x1')).not.toBe(laneOf('big'));
    expect(lanes.flatMap((lane) => lane.files).sort()).toEqual(['big', 'w', 'x1', 'x2', 'y1', 'z']);
    expect(lanes[laneOf('x1')].files.slice(0, 3).sort()).toEqual(['x1', 'x2', 'y1']);
  });
});
