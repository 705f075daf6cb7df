import { describe, expect, it } from 'vitest';
import { fullName } from '@ahente/contract/names';
import { matchesName } from './names';

describe('fullName', () => {
  it('joins first, middle and last name by single spaces', () => {
    expect(fullName({ f_name: 'Maria', m_name: 'Santos', l_name: 'Clara' })).toBe('Maria Santos Clara');
  });

  it('leaves no gap for a missing, null or blank middle name, and trims each part', () => {
    expect(fullName({ f_name: 'Maria', l_name: 'Clara' })).toBe('Maria Clara');
    expect(fullName({ f_name: 'Maria', m_name: null, l_name: 'Clara' })).toBe('Maria Clara');
    expect(fullName({ f_name: ' Maria ', m_name: '  ', l_name: 'Clara ' })).toBe('Maria Clara');
  });
});

describe('matchesName', () => {
  const person = { f_name: 'Juan', m_name: 'Dela', l_name: 'Cruz' };

  it('matches any part of the full name, whatever its case', () => {
    expect(matchesName(person, 'juan')).toBe(true);
    expect(matchesName(person, 'DELA CRUZ')).toBe(true);
    expect(matchesName(person, 'an de')).toBe(true);
  });

  it('compares with the spaces of the query collapsed and trimmed', () => {
    expect(matchesName(person, '  juan   dela  ')).toBe(true);
  });

  it('matches everyone on an empty query, and no one on a name they do not have', () => {
    expect(matchesName(person, '')).toBe(true);
    expect(matchesName(person, '   ')).toBe(true);
    expect(matchesName(person, 'Santos')).toBe(false);
    // The parts are joined in order: last before first is not their name.
    expect(matchesName(person, 'Cruz Juan')).toBe(false);
  });
});
