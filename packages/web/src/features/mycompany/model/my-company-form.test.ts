import { describe, expect, it } from 'vitest';
import type { MyCompany } from '@isik/domain';
import { fileSizeKb, nextQuestionNo, rowErrors, tabOfField, toBody, toFormValues, validateMyCompany } from './my-company-form';

const stored: MyCompany = {
  _id: '1', sirket_adi: 'Işık LED Aydınlatma A.Ş.', sirket_adres: 'OSB', sirket_ilce: 'Sincan', sirket_il: 'Ankara', sirket_ulke: 'Türkiye',
  sirket_pk: '06935', sirket_email: 'info@isikled.com.tr', sirket_email2: '', sirket_web: '', sirket_tel: '', sirket_fax: '',
  sirket_vergidairesi: 'Ostim', sirket_vergino: '1', sirket_rapor_logo: '/api/files/abc', sirket_kase: '', sirket_kaseimza: '', bwlogo: '',
  QCQuestions: [{ no: 1, Question: 'IP66?' }, { no: 4, Question: 'Label?' }],
  certificates: [{ certificate: 'CE', file: '/api/files/pdf', bwfile: '' }],
  banks: [{ bank: 'Ziraat', branch: 'OSB', iban: 'TR560001000174512345670001', currency: '₺' }],
  date: '2026-01-01T00:00:00.000Z', __v: 3,
};

describe('own-company form values', () => {
  it('round-trips a stored record into the body the server takes', () => {
    const body = toBody(toFormValues(stored));
    expect(body).toMatchObject({ sirket_adi: stored.sirket_adi, sirket_rapor_logo: '/api/files/abc', QCQuestions: stored.QCQuestions, banks: stored.banks });
    expect(body.certificates).toEqual([{ certificate: 'CE', file: '/api/files/pdf', bwfile: '' }]);
    expect(validateMyCompany(toFormValues(stored))).toEqual({});
  });

  it('starts a new company in Türkiye and asks for the name with the spec message', () => {
    const v = toFormValues(null);
    expect(v.sirket_ulke).toBe('Türkiye');
    expect(validateMyCompany(v)).toEqual({ sirket_adi: 'mycompany.nameCountry.missing' });
  });

  it('sends IBANs without spaces and reports row errors by list and index', () => {
    const v = toFormValues(stored);
    v.banks = [{ bank: 'Ziraat', branch: '', iban: 'tr56 0001 0001 7451 2345 6700 01', currency: '₺' }, { bank: 'X', branch: '', iban: 'TR00', currency: '$' }];
    expect(toBody(v).banks?.[0].iban).toBe('TR560001000174512345670001');
    const errors = validateMyCompany(v);
    expect(errors).toEqual({ 'banks.1.iban': 'mycompany.iban.invalid' });
    expect([...rowErrors(errors, 'banks').entries()]).toEqual([[1, ['mycompany.iban.invalid']]]);
    expect(tabOfField('banks.1.iban')).toBe('banks');
    expect(tabOfField('bwlogo')).toBe('images');
    expect(tabOfField('sirket_email')).toBe('info');
  });

  it('shows file sizes as rounded kB and numbers a new question after the highest', () => {
    expect(fileSizeKb(2649)).toBe(3);
    expect(fileSizeKb(1499)).toBe(1);
    expect(nextQuestionNo(stored.QCQuestions)).toBe(5);
    expect(nextQuestionNo([])).toBe(1);
  });
});
