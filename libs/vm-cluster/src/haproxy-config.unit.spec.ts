import { haproxyLines, haproxySection, haproxySections, haproxyServerOf, haproxyText, withoutHaproxySections } from './haproxy-config';

// Debian's haproxy.cfg (shortened) with sections as Tacker's cluster scripts append them.
const CONFIG = [
  'global',
  '\tlog /dev/log\tlocal0',
  '\tdaemon',
  '',
  'defaults',
  '\tmode\thttp',
  'frontend kubernetes-apiserver',
  '    bind                 *:8383',
  '    default_backend      kubernetes-apiserver',
  'backend kubernetes-apiserver',
  '    # the masters',
  '    server  master5 10.0.0.5:6443 check',
  '    server  master6 [fd00::6]:6443',
  'listen stats',
  '    bind               *:1080',
  '',
].join('\n');

describe("haproxy.cfg as Tacker's cluster scripts write it", () => {
  it('finds each section by its keyword, from its line to the next section, the last one to the end', () => {
    const lines = haproxyLines(CONFIG);
    expect(haproxySections(lines).map(({ keyword, name, start, end }) => [keyword, name, start, end])).toEqual([
      ['global', '', 0, 4],
      ['defaults', '', 4, 6],
      ['frontend', 'kubernetes-apiserver', 6, 9],
      ['backend', 'kubernetes-apiserver', 9, 13],
      ['listen', 'stats', 13, 15],
    ]);
    expect(haproxySection(lines, { keyword: 'backend', name: 'kubernetes-apiserver' })).toMatchObject({ start: 9, end: 13 });
    expect(haproxySection(lines, { keyword: 'backend', name: 'other' })).toBeUndefined();
    expect(haproxyText(lines, CONFIG)).toBe(CONFIG);
  });

  it('reads a server line: its name, its address without the port (IPv6 unbracketed), its options; no other line', () => {
    expect(haproxyServerOf('    server  master5 10.0.0.5:6443 check')).toEqual({ name: 'master5', address: '10.0.0.5', options: 'check' });
    expect(haproxyServerOf('    server  master6 [fd00::6]:6443')).toEqual({ name: 'master6', address: 'fd00::6', options: '' });
    expect(haproxyServerOf('    server  worker7 10.0.0.7')).toEqual({ name: 'worker7', address: '10.0.0.7', options: '' });
    expect(haproxyServerOf('    default_backend      kubernetes-apiserver')).toBeUndefined();
    expect(haproxyServerOf('    server  lonely')).toBeUndefined();
  });

  it('takes sections out by keyword and name, every copy, keeping the rest and the final newline', () => {
    const refs = [
      { keyword: 'frontend', name: 'kubernetes-apiserver' },
      { keyword: 'backend', name: 'kubernetes-apiserver' },
    ];
    const kept = [
      'global',
      '\tlog /dev/log\tlocal0',
      '\tdaemon',
      '',
      'defaults',
      '\tmode\thttp',
      'listen stats',
      '    bind               *:1080',
    ];
    expect(withoutHaproxySections(`${CONFIG}${CONFIG}`, refs)).toBe(`${[...kept, ...kept].join('\n')}\n`);
    expect(withoutHaproxySections(CONFIG, [{ keyword: 'backend', name: 'other' }])).toBe(CONFIG);
  });
});
