import { describe, expect, it } from 'vitest';
import { LANGS, MESSAGES, pickLang, translate } from './messages.js';

describe('messages', () => {
  it('has every message in every language, none empty', () => {
    for (const [key, entry] of Object.entries(MESSAGES)) {
      for (const lang of LANGS) expect(entry[lang], `${key}.${lang}`).toBeTruthy();
    }
  });

  it('keeps the texts the spec quotes', () => {
    expect(translate('company.name.min', 'en')).toBe('Company Name must be 3 characters long!');
    expect(translate('company.delete.hasDeliveries', 'tr')).toBe('Teslimatı olan Firma Silinemez..');
    expect(translate('user.lastname.min', 'en')).toBe('Lastname must be 3 characters long!');
    expect(translate('password.notEqual', 'en')).toBe('Not equal to Passwords');
  });

  it('fills parameters and passes unknown keys through', () => {
    expect(translate('password.min', 'en', { min: 8 })).toBe('Password must be at least 8 characters long!');
    expect(translate('plain text', 'tr')).toBe('plain text');
  });

  it('picks the caller language from Accept-Language, Turkish by default', () => {
    expect(pickLang('en-US,en;q=0.9')).toBe('en');
    expect(pickLang('de-DE, es;q=0.8')).toBe('es');
    expect(pickLang('fr')).toBe('tr');
    expect(pickLang(undefined)).toBe('tr');
  });
});
