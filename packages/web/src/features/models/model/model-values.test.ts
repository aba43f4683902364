import { beforeEach, describe, expect, it } from 'vitest';
import type { Model } from '@isik/domain';
import { CLIPBOARD_KEY, copyRows, pasteRows, toFormValues, toModelBody, validateModel } from './model-values';
import { datasheetLink, mailtoLink, smsLink } from './share';

const stored: Model = {
  _id: 'a'.repeat(24), model_sira: 3, model_adi: ['Astra Armatür', '-'], model_kodu: 'ISK-A', model_aciklama: ['-', 'Desc'],
  model_birimi: 'Adet', model_kdv: '8', model_kategori: 0, model_durumu: true, model_etiket: ['x'], certificates: ['CE'],
  model_resim: '', date: '2026-01-01T00:00:00Z', __v: 2, modelDownloads: [], ModelFeatures: [], productiondetail: [],
};

describe('model form values', () => {
  it('splits pairs into inputs (the placeholder reads as empty) and joins them back with it', () => {
    const v = toFormValues(stored);
    expect(v.name_tr).toBe('Astra Armatür');
    expect(v.name_en).toBe('');
    expect(v.desc_tr).toBe('');
    expect(v.model_kategori).toBe('0');
    const body = toModelBody(v);
    expect(body.model_adi).toEqual(['Astra Armatür', '-']);
    expect(body.model_aciklama).toEqual(['-', 'Desc']);
    expect(body.model_kategori).toBe(0);
  });

  it('asks for a name in the current language, a code and a category (spec 001 5)', () => {
    const empty = toFormValues();
    expect(validateModel({ ...empty, name_tr: 'Ab' }, 'tr')).toEqual({
      model_adi: 'model.name.short', model_kodu: 'model.code.required', model_kategori: 'model.category.required',
    });
    // The Turkish name is long enough, but an English user needs the English side.
    const v = { ...empty, name_tr: 'Uzun İsim', model_kodu: 'AB', model_kategori: '5' };
    expect(validateModel(v, 'tr')).toEqual({});
    expect(validateModel(v, 'en')).toEqual({ model_adi: 'model.name.short' });
  });
});

describe('copy and paste of rows', () => {
  const map = new Map<string, string>();
  const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
  beforeEach(() => map.clear());

  it('pastes rows of the same kind and refuses another kind', () => {
    expect(pasteRows('modelFeatures', storage)).toEqual({ ok: false, reason: 'empty' });
    copyRows('modelFeatures', [{ no: 1, label: ['a', 'b'], feature: ['c', 'd'] }], storage);
    expect(pasteRows('modelFeatures', storage)).toMatchObject({ ok: true, rows: [{ no: 1 }] });
    expect(pasteRows('productiondetail', storage)).toEqual({ ok: false, reason: 'mismatch' });
    storage.setItem(CLIPBOARD_KEY, '{not json');
    expect(pasteRows('productiondetail', storage)).toEqual({ ok: false, reason: 'failed' });
  });
});

describe('share links', () => {
  it('builds mailto, sms and datasheet links', () => {
    expect(mailtoLink('Konu & 1', 'a b\nc')).toBe('mailto:?subject=Konu%20%26%201&body=a%20b%0Ac');
    expect(smsLink('Işık')).toBe('sms:?body=I%C5%9F%C4%B1k');
    expect(datasheetLink('https://x.test', 'p1', 1)).toBe('https://x.test/web/p1/1');
    expect(datasheetLink('https://x.test', undefined, 0)).toBe('https://x.test/web');
  });
});
