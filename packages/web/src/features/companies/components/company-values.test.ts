import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY } from '@isik/domain';
import { orderedErrors, presetErrors, toCompanyBody, toFormValues, validateCompany } from './company-values';

describe('company form values', () => {
  it('starts a new company with the defaults of the spec', () => {
    const v = toFormValues();
    expect(v.company_country).toBe(DEFAULT_COUNTRY);
    expect(v.company_category).toBe('Customer');
    expect(v.company_status).toBe(true);
    expect(v.company_name).toBe('');
  });

  it('gives a new company the preset errors for name, e-mail and city (category has a default)', () => {
    expect(presetErrors(toFormValues())).toEqual({
      company_name: 'company.name.min',
      company_email: 'company.email.write',
      company_city: 'company.city.min',
    });
  });

  it('presets the category error only when the draft has none, and no error for valid draft fields', () => {
    const draft = toFormValues({ company_name: 'Ege Enerji', company_category: '' as never, company_email: 'a@b.com', company_city: 'İzmir' });
    expect(presetErrors(draft)).toEqual({ company_category: 'company.category.select' });
  });

  it('validates with the domain messages of spec 000 section 5', () => {
    const v = { ...toFormValues(), company_name: 'ab', company_email: 'not-an-email', company_city: 'X', company_country: '' };
    expect(validateCompany(v)).toEqual({
      company_name: 'company.name.min',
      company_email: 'company.email.invalid',
      company_city: 'company.city.min',
      company_country: 'company.country.select',
    });
    expect(validateCompany({ ...v, company_email: ' ' }).company_email).toBe('company.email.write');
    expect(validateCompany({ ...v, company_name: 'Abc', company_email: 'x@y.com', company_city: 'Van', company_country: 'Türkiye' })).toEqual({});
  });

  it('trims the body and keeps the image', () => {
    const body = toCompanyBody({ ...toFormValues(), company_name: '  Işık A.Ş. ', company_email: 'a@b.com', company_city: 'Bursa' }, '/api/files/x');
    expect(body.company_name).toBe('Işık A.Ş.');
    expect(body.company_img).toBe('/api/files/x');
  });

  it('lists errors in the order of the form', () => {
    expect(orderedErrors({ company_city: 'c', company_name: 'n', other: 'x' })).toEqual([['company_name', 'n'], ['company_city', 'c']]);
  });
});
