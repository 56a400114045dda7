import { matchesFilter } from './filter.matcher';
import { parseFilter } from './filter.parser';
import { SolQueryError } from './sol-query.error';

const pkg = {
  id: 'p1',
  onboardingState: 'ONBOARDED',
  vnfProvider: 'Company, Inc.',
  size: 2048,
  userDefinedData: { owner: "o'neil", tier: 'gold' },
  softwareImages: [
    { id: 'VDU1', diskFormat: 'qcow2', minDisk: 1 },
    { id: 'VDU2', diskFormat: 'raw', minDisk: 10 },
  ],
};
const matches = (expression: string) => matchesFilter(pkg, parseFilter(expression));

describe('SOL 013 attribute-based filter', () => {
  it('parses operators, attribute paths, value lists and quoted values', () => {
    expect(parseFilter("(eq,onboardingState,ONBOARDED);(in,softwareImages/diskFormat,qcow2,raw);(eq,vnfProvider,'Company, Inc.')")).toEqual(
      [
        { op: 'eq', path: ['onboardingState'], values: ['ONBOARDED'] },
        { op: 'in', path: ['softwareImages', 'diskFormat'], values: ['qcow2', 'raw'] },
        { op: 'eq', path: ['vnfProvider'], values: ['Company, Inc.'] },
      ],
    );
    expect(parseFilter("(eq,userDefinedData/owner,'o''neil')")[0].values).toEqual(["o'neil"]);
  });

  it('matches eq and neq, and combines terms with AND', () => {
    expect(matches('(eq,onboardingState,ONBOARDED)')).toBe(true);
    expect(matches('(neq,onboardingState,ONBOARDED)')).toBe(false);
    expect(matches('(eq,onboardingState,ONBOARDED);(eq,userDefinedData/tier,silver)')).toBe(false);
    expect(matches("(eq,vnfProvider,'Company, Inc.');(eq,userDefinedData/owner,'o''neil')")).toBe(true);
  });

  it('matches through arrays when any element matches, and negated operators when none does', () => {
    expect(matches('(eq,softwareImages/diskFormat,raw)')).toBe(true);
    expect(matches('(neq,softwareImages/diskFormat,raw)')).toBe(false);
    expect(matches('(nin,softwareImages/diskFormat,vmdk,iso)')).toBe(true);
    expect(matches('(in,softwareImages/id,VDU9,VDU2)')).toBe(true);
  });

  it('compares numbers numerically and strings lexically', () => {
    expect(matches('(gt,size,999)')).toBe(true);
    expect(matches('(lte,size,2048)')).toBe(true);
    expect(matches('(lt,size,10)')).toBe(false);
    expect(matches('(gte,softwareImages/minDisk,10)')).toBe(true);
    expect(matches('(gt,size,abc)')).toBe(false);
    expect(matches('(lt,id,p2)')).toBe(true);
  });

  it('matches substrings with cont and ncont', () => {
    expect(matches('(cont,vnfProvider,Inc,Ltd)')).toBe(true);
    expect(matches('(ncont,vnfProvider,Ltd)')).toBe(true);
    expect(matches('(ncont,vnfProvider,Company)')).toBe(false);
  });

  it('treats an absent attribute as matching only negated operators', () => {
    expect(matches('(eq,vnfdId,x)')).toBe(false);
    expect(matches('(neq,vnfdId,x)')).toBe(true);
    expect(matches('(eq,userDefinedData/missing/deeper,x)')).toBe(false);
  });

  it.each([
    ['eq,onboardingState,ONBOARDED', "expected '(' at position 0"],
    ['(eqq,onboardingState,ONBOARDED)', "unknown operator 'eqq'"],
    ['(eq,onboardingState)', '(eq,onboardingState) needs a value'],
    ['(eq,onboardingState,A,B)', 'operator eq takes one value'],
    ['(eq,a//b,x)', "'a//b' is not an attribute name or path"],
    ["(eq,a,'open)", 'unterminated quoted value'],
    ['(eq,a,x)(eq,b,y)', "expected ';' or the end of the filter"],
    ['(eq,a,)', 'empty value'],
    ['(eq,a,x', "expected ')'"],
  ])('refuses %s with a reason', (expression, reason) => {
    expect(() => parseFilter(expression)).toThrow(SolQueryError);
    expect(() => parseFilter(expression)).toThrow(reason);
  });
});
