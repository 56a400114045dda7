import type { TackerVimView } from './tacker-vim.view';
import { applyVimListQuery, parseVimListQuery } from './vim-list.query';

const vims = [
  { id: 'a', name: 'os', type: 'openstack', status: 'REACHABLE', is_default: true },
  { id: 'b', name: 'k8s', type: 'kubernetes', status: 'UNREACHABLE', is_default: false },
] as TackerVimView[];

describe('GET /v1.0/vims query', () => {
  it('answers the lookup python-tackerclient makes for a name (?name=k8s&fields=id)', () => {
    expect(applyVimListQuery(vims, parseVimListQuery({ name: 'k8s', fields: 'id' }))).toEqual([{ id: 'b' }]);
  });

  it('filters on several values of one attribute and ignores unknown parameters', () => {
    expect(applyVimListQuery(vims, parseVimListQuery({ id: ['a', 'b'], status: 'REACHABLE', sort_dir: 'asc' })).map((v) => v.id)).toEqual([
      'a',
    ]);
    expect(applyVimListQuery(vims, parseVimListQuery({ is_default: 'True' })).map((v) => v.id)).toEqual(['a']);
    expect(applyVimListQuery(vims, parseVimListQuery({ name: 'none' }))).toEqual([]);
  });
});
