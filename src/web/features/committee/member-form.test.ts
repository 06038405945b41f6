import { describe, expect, it } from 'vitest';
import { memberForm, memberFormDefaults, parsePriority } from './member-form';

const form = memberForm('Enter a whole number');
const valid = { name: 'Dr Anahit Petrosyan', role: 'President', image: '', description: '' };
/** The Armenian fields as a new member's form has them: empty, so no Armenian version. */
const noArmenian = { hy: { role: '', description: '' } };

describe('parsePriority', () => {
  it('reads the leading integer as parseInt does', () => {
    expect(parsePriority('100')).toBe(100);
    expect(parsePriority(' 42 ')).toBe(42);
    expect(parsePriority('12.7')).toBe(12);
    expect(parsePriority('-3')).toBe(-3);
    expect(parsePriority('7th')).toBe(7);
  });

  it('gives NaN when there is no number to read', () => {
    expect(parsePriority('')).toBeNaN();
    expect(parsePriority('soon')).toBeNaN();
  });
});

describe('memberForm', () => {
  it('turns the priority text into the integer the API wants', () => {
    expect(form.parse({ ...valid, ...noArmenian, priority: '55' })).toEqual({ ...valid, priority: 55, hy: null });
    expect(form.parse({ ...valid, ...noArmenian, priority: '12.9' }).priority).toBe(12);
  });

  it('puts a priority that is not a number on the priority field', () => {
    const result = form.safeParse({ ...valid, ...noArmenian, priority: 'soon' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['priority'], message: 'Enter a whole number' })]);
  });

  it('keeps the shared rules: a name and a role are needed, and the photo is one of ours or http(s)', () => {
    const result = form.safeParse({ ...valid, ...noArmenian, name: ' ', role: '', image: 'javascript:alert(1)', priority: '1' });
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['image', 'name', 'role']);
  });

  it('makes no Armenian version of empty Armenian fields, and asks for the Armenian role when only a description is written', () => {
    expect(form.parse({ ...valid, hy: { role: ' ', description: '' }, priority: '1' }).hy).toBeNull();
    expect(form.parse({ ...valid, hy: { role: 'Նախագահ', description: 'Սրտաբան' }, priority: '1' }).hy).toEqual({
      role: 'Նախագահ',
      description: 'Սրտաբան',
    });
    const result = form.safeParse({ ...valid, hy: { role: '', description: 'Սրտաբան' }, priority: '1' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['hy', 'role'] })]);
  });

  it('starts a new member at the default priority of 100', () => {
    expect(memberFormDefaults().priority).toBe('100');
    expect(form.safeParse({ ...memberFormDefaults(), ...valid }).data?.priority).toBe(100);
  });
});
