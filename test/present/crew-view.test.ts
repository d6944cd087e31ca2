// The crew views assign their keys one by one (no spreads, see src/present/crew.ts): each keeps
// the key order its rendering follows, and drops what the spreads dropped (null, '', empty lists).
import { describe, expect, it } from 'vitest';
import {
  toCrewProfile,
  toCrewSummary,
  toDataTypeView,
  type UpstreamCrewSummary,
  type UpstreamDataType,
} from '../../src/present/crew.js';

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

const member: UpstreamCrewSummary = {
  id: 12,
  uniqueId: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 7700 900123',
  status: 'ACTIVE',
  roleTypeIds: ['2'],
  address: { line1: '1 Road', line2: null, city: 'London', postcode: null, country: 'UK' },
  profiles: [{ id: '1', name: 'Hospitality' }],
};

/** Every crew view's identity keys, first and in this order. */
const IDENTITY_KEYS = ['id', 'uniqueId', 'name', 'email', 'phone', 'status', 'roleTypeIds'];

describe('the crew member views', () => {
  it('keep the identity keys first, in order, then their own', () => {
    expect(Object.keys(toCrewSummary(member))).toEqual([...IDENTITY_KEYS, 'city', 'profiles']);
    const profile = toCrewProfile({
      ...member,
      updatedAt: '2026-11-01T00:00:00Z',
      profiles: [{ id: '1', name: 'Hospitality', dataTypes: [base] }],
    });
    expect(Object.keys(profile)).toEqual([...IDENTITY_KEYS, 'address', 'updatedAt', 'profiles']);
    expect(profile.address).toBe('1 Road, London, UK');
    expect(profile.profiles).toEqual([
      { id: '1', name: 'Hospitality', dataTypes: [{ id: '7', title: 'Shoe size', type: 'NUMBER' }] },
    ]);
  });

  it('leave out what is null, empty or absent', () => {
    const bare = { ...member, uniqueId: null, phone: '', roleTypeIds: [], address: null };
    expect(toCrewSummary(bare)).toStrictEqual({
      id: '12',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      status: 'ACTIVE',
      profiles: ['1: Hospitality'],
    });
    expect(toCrewProfile({ ...bare, profiles: [] })).toStrictEqual({
      id: '12',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      status: 'ACTIVE',
      profiles: [],
    });
  });
});
