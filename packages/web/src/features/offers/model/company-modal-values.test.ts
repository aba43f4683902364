import { describe, expect, it } from 'vitest';
import { companyModalValues, storedCountry } from './company-modal-values';

const defaults = { company_name: '', company_city: '', company_country: 'Türkiye', company_category: 'Customer' };

describe('company modal of an offer (issue 23)', () => {
  it('shows the default country when the offer has none (a missing key, undefined or empty), never an empty select', () => {
    expect(companyModalValues(defaults, { company_name: 'Acme', company_country: undefined }).company_country).toBe('Türkiye');
    expect(companyModalValues(defaults, { company_name: 'Acme', company_country: '' }).company_country).toBe('Türkiye');
    expect(companyModalValues(defaults, { company_name: 'Acme' })).toEqual({ ...defaults, company_name: 'Acme' });
    expect(companyModalValues(defaults, null)).toEqual(defaults);
  });

  it('keeps a given country, reads a two-letter code as its stored name, and keeps the other defaults', () => {
    expect(companyModalValues(defaults, { company_country: 'Germany', company_city: 'Berlin' })).toMatchObject({ company_country: 'Germany', company_city: 'Berlin', company_category: 'Customer' });
    expect(storedCountry('de')).toBe('Germany');
    expect(storedCountry('TR')).toBe('Türkiye');
    expect(storedCountry('  ')).toBe('Türkiye');
  });
});
