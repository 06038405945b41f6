import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV cells', () => {
  it('writes phone numbers, negative amounts and dates exactly as they are', () => {
    for (const value of [
      '+44 20 7946 0000',
      '+44 (0)20 7946-0000',
      '+374 10 123456',
      '07700 900123',
      '-12.50',
      '-5',
      '2026-11-21',
      '(020) 7946 0000',
    ])
      expect(csvCell(value), value).toBe(value);
  });

  it('defuses anything a spreadsheet could run as a formula', () => {
    for (const value of [
      '=1+1',
      '=HYPERLINK("http://x")',
      '+cmd|" /C calc"!A0',
      '-2+3',
      '@SUM(A1)',
      '-1)*cmd|x',
      '+44 20 =A1',
      '\tTab',
      '\rReturn',
    ])
      expect(csvCell(value).replace(/^"|"$/g, ''), value).toMatch(/^'/);
  });

  it('quotes commas, quotes and line ends, and can leave the guard out for checked files', () => {
    expect(csvCell('Smith, "Jr"')).toBe('"Smith, ""Jr"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('=1+1', false)).toBe('=1+1');
    expect(toCsv(['A', 'B'], [['=x', '+44 1']], { formulaGuard: false })).toBe('\ufeffA,B\r\n=x,+44 1\r\n');
    expect(toCsv(['A'], [[null], [3]])).toBe('\ufeffA\r\n\r\n3\r\n');
  });
});
