import { byteRangeOf } from './byte-range';

describe('Range header of a package download', () => {
  it('reads a closed, an open-ended and a suffix range within the file', () => {
    expect(byteRangeOf('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(byteRangeOf('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRangeOf('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(byteRangeOf('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(byteRangeOf('bytes=50-5000', 100)).toEqual({ start: 50, end: 99 });
  });

  it('sends the whole file for no header, other units, several ranges or a malformed range', () => {
    for (const header of [undefined, 'items=0-1', 'bytes=0-1,5-6', 'bytes=abc', 'bytes=-', 'bytes=9-3'])
      expect(byteRangeOf(header, 100)).toBeUndefined();
  });

  it('refuses a range that starts past the end with 416', () => {
    expect(() => byteRangeOf('bytes=100-', 100)).toThrow(
      expect.objectContaining({ status: 416, detail: 'The range bytes=100- is outside the 100 bytes of the file (last byte: 99).' }),
    );
    expect(() => byteRangeOf('bytes=-0', 100)).toThrow(expect.objectContaining({ status: 416 }));
  });
});
