import { describe, expect, it } from 'vitest';
import { insurerKey, policyKey } from './insurer-keys.ts';

describe('insurer and policy keys', () => {
  it('makes one policy of spellings that differ in case, separators and leading zeros', () => {
    expect(policyKey('POL-2026-00008')).toBe('POL-2026-8');
    expect(policyKey('pol 2026 8')).toBe('POL-2026-8');
    expect(policyKey('POL/2026/008')).toBe('POL-2026-8');
    expect(policyKey(' pol.2026.0008 ')).toBe('POL-2026-8');
    expect(policyKey('MC-000-12')).toBe('MC-0-12');
    expect(policyKey('POL-2026-80')).not.toBe(policyKey('POL-2026-8'));
  });
  it('makes one insurer of names that differ in case and spaces', () => {
    expect(insurerKey('Malayan  Insurance')).toBe(insurerKey('malayan insurance'));
    expect(insurerKey(' PRU Life UK ')).toBe('prulifeuk');
  });
});
