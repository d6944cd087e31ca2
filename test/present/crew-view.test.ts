// toDataTypeView assigns its keys one by one (no spreads, see src/present/crew.ts): the view keeps
// the key order its rendering follows, and drops what optional() dropped (null, '', empty lists).
import { describe, expect, it } from 'vitest';
import { toDataTypeView, type UpstreamDataType } from '../../src/present/crew.js';

const base: UpstreamDataType = { id: '7', title: 'Shoe size', type: 'NUMBER', global: false };

describe('toDataTypeView', () => {
  it('keeps every key in the order id, uniqueId, title, type, global, options, answer, verified, score', () => {
    const view = toDataTypeView({
      ...base,
      uniqueId: 'shoe',
      global: true,
      options: [{ name: 'A' }, { name: 'B' }],
      answer: { optionNames: ['A', 'B'], value: 'ignored', verifiedOptionNames: ['A'], score: 2.5 },
    });
    expect(Object.keys(view)).toEqual([
      'id',
      'uniqueId',
      'title',
      'type',
      'global',
      'options',
      'answer',
      'verified',
      'score',
    ]);
    expect(view).toEqual({
      id: '7',
      uniqueId: 'shoe',
      title: 'Shoe size',
      type: 'NUMBER',
      global: true,
      options: ['A', 'B'],
      answer: 'A, B',
      verified: ['A'],
      score: 2.5,
    });
  });

  it('drops null, empty strings and empty lists, and answers with the value when no option is chosen', () => {
    expect(
      toDataTypeView({
        ...base,
        uniqueId: '',
        options: [],
        answer: { optionNames: [], value: '42', verifiedOptionNames: [], score: null },
      }),
    ).toStrictEqual({ id: '7', title: 'Shoe size', type: 'NUMBER', answer: '42' });
    expect(toDataTypeView({ ...base, uniqueId: null, options: null, answer: null })).toStrictEqual({
      id: '7',
      title: 'Shoe size',
      type: 'NUMBER',
    });
    expect(toDataTypeView({ ...base, answer: { value: '', score: 0 } })).toStrictEqual({
      id: '7',
      title: 'Shoe size',
      type: 'NUMBER',
      score: 0,
    });
  });
});
