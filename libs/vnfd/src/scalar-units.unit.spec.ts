import { sizeInBytes } from './scalar-units';

describe('sizeInBytes', () => {
  it.each([
    ['1000 MB', 1e9],
    ['1.75 GiB', 1879048192],
    ['8192.5 MiB', 8590458880],
    ['512', 512],
    ['2 tib', 2 * 1024 ** 4],
  ])('reads %s as %d bytes', (text, bytes) => expect(sizeInBytes(text, 'size')).toBe(bytes));

  it('refuses what is not a TOSCA scalar-unit.size', () => {
    expect(() => sizeInBytes('12 parsecs', 'VDU1 size')).toThrow(
      expect.objectContaining({ code: 'INVALID_VNFD', detail: 'VDU1 size: "12 parsecs" is not a TOSCA scalar-unit.size' }),
    );
  });

  it('leaves an absent size absent', () => expect(sizeInBytes(undefined, 'size')).toBeUndefined());
});
