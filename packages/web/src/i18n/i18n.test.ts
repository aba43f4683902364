import { describe, expect, it } from 'vitest';
import { domainDict } from '../../domain-messages';
import { i18n, i18nReady, loadDictionary, loadFirstDictionary, loadScreenDictionaries, mergeDict, screenDictionariesReady, setLanguage, tm } from './index';
import { FIRST_RENDER_FEATURES, isScreenDictionary } from './first-render';

describe('i18n setup', () => {
  it('starts in Turkish and renders shared, feature and domain keys', async () => {
    await i18nReady;
    expect(i18n.language).toBe('tr');
    expect(i18n.t('common.save')).toBe('Kaydet');
    expect(i18n.t('dashboard.greeting', { name: 'Ayşe' })).toBe('Merhaba, Ayşe');
    expect(i18n.t('msg.auth.reauthFailed')).toBe('Yeniden doğrulama başarısız');
    expect(tm('auth.locked', { minutes: 5 })).toMatch(/5/);
  });

  it('loads only the reader\'s language, and another one when the reader switches to it', async () => {
    await i18nReady;
    // Before a switch to English nothing of it is there: neither the screens' dictionary nor the domain messages.
    expect(i18n.exists('common.save', { lng: 'en', fallbackLng: [] })).toBe(false);
    expect(i18n.exists('msg.auth.reauthFailed', { lng: 'en', fallbackLng: [] })).toBe(false);
    await setLanguage('en');
    expect(i18n.t('common.save')).toBe('Save');
    expect(tm('auth.locked', { minutes: 5 })).toBe('Too many failed sign-in attempts. Try again in 5 minutes.');
    expect(i18n.t('dashboard.greeting', { name: 'Ann' })).toBe('Hello, Ann');
    await setLanguage('tr');
    expect(i18n.t('common.save')).toBe('Kaydet');
  });

  it('loads the shell\'s and dashboard\'s texts before the first render and every other screen\'s in a second tier', async () => {
    const first = await loadFirstDictionary('tr');
    const screens = await loadScreenDictionaries('tr');
    // The first tier: the shared dictionary, the features the shell and the home dashboard show, the domain messages.
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['common', 'menu', 'msg', ...FIRST_RENDER_FEATURES]));
    expect(Object.keys(first)).not.toContain('orders');
    // The second: every other feature, and nothing of the first.
    expect(Object.keys(screens)).toEqual(expect.arrayContaining(['orders', 'offers', 'materials', 'devices', 'buyings']));
    expect(Object.keys(screens).filter((k) => k in first)).toEqual([]);
    // Together they are the whole dictionary.
    expect(Object.keys(await loadDictionary('tr')).sort()).toEqual([...Object.keys(first), ...Object.keys(screens)].sort());
    await screenDictionariesReady('tr');
    expect(i18n.t('orders.list.print')).toBe('İş emirlerini yazdır');
  });

  it('puts a feature\'s dictionary in the second tier unless the first render needs it', () => {
    expect(isScreenDictionary('/w/packages/web/src/features/orders/i18n/tr.json')).toBe(true);
    expect(isScreenDictionary('../features/dashboard/i18n/en.json')).toBe(false);
    expect(isScreenDictionary('/w/packages/web/src/i18n/tr.json')).toBe(false);
  });

  it('tm() translates domain keys and passes other text through', () => {
    expect(tm('error.required')).toBe('Bu alan zorunludur.');
    expect(tm('Sunucu zaten çevirdi')).toBe('Sunucu zaten çevirdi');
  });

  it('mergeDict refuses a key defined twice', () => {
    expect(() => mergeDict({ a: { b: 'x' } }, { a: { b: 'y' } })).toThrow(/a\.b/);
    expect(mergeDict({ a: { b: 'x' } }, { a: { c: 'y' } })).toEqual({ a: { b: 'x', c: 'y' } });
  });

  it('nests domain messages by their dotted keys', () => {
    const en = domainDict('en') as { user: { firstname: { min: string } } };
    expect(en.user.firstname.min).toBe('User Name must be 3 characters long!');
  });
});
