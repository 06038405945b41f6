import { describe, expect, it } from 'vitest';
import { cpdHours, newCertificateNumber, normaliseCertificateNumber } from './certificate-number';

describe('certificate numbers', () => {
  it('are the year and eight characters of Crockford base32, in two groups', () => {
    let i = 0;
    expect(newCertificateNumber(2026, () => i++)).toBe('CPD-2026-0123-4567');
    expect(newCertificateNumber(2027, (n) => n - 1)).toBe('CPD-2027-ZZZZ-ZZZZ');
  });

  it('are read back whatever the case, spacing and look-alike letters', () => {
    expect(normaliseCertificateNumber('cpd-2026-7k3m-q9xd')).toBe('CPD-2026-7K3M-Q9XD');
    expect(normaliseCertificateNumber(' CPD 2026 7K3M Q9XD ')).toBe('CPD-2026-7K3M-Q9XD');
    expect(normaliseCertificateNumber('2026-OIL0-Q9XD')).toBe('CPD-2026-0110-Q9XD');
    for (const bad of ['', 'CPD-2026', 'CPD-2026-7K3M-Q9XU', 'CPD-26-7K3M-Q9XD', 'CPD-2026-7K3M-Q9XD0', '<script>']) {
      expect(normaliseCertificateNumber(bad), bad).toBeUndefined();
    }
  });

  it('say CPD time in hours, or minutes under an hour', () => {
    expect([cpdHours(90), cpdHours(60), cpdHours(45), cpdHours(1), cpdHours(200), cpdHours(420)]).toEqual([
      '1.5 hours',
      '1 hour',
      '45 minutes',
      '1 minute',
      '3.33 hours',
      '7 hours',
    ]);
  });
});
