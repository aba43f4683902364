import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_MESSAGE_AREAS, DASHBOARD_MESSAGE_AREAS, domainDict } from '../../domain-messages';
import { i18n, i18nReady, type Dict, loadDictionary, loadFirstDictionary, loadScreenDictionaries, mergeDict, screenDictionariesReady, setLanguage, tm } from './index';
import { FIRST_RENDER_FEATURES, dictionaryGroup, isScreenDictionary, screenDictionaryGroups } from './first-render';

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
    expect(Object.keys(screens).filter((k) => k in first)).toEqual(['msg']);
    // The domain messages of the areas only back-office screens show come with the screens (ADR 0064), the rest first.
    const firstMsg = first.msg as Dict;
    const screensMsg = screens.msg as Dict;
    // (The dashboard's today tables show log titles and units: those areas stay in the first.)
    expect(Object.keys(firstMsg)).toEqual(expect.arrayContaining(['error', 'auth', 'password', 'todo', 'rates', ...DASHBOARD_MESSAGE_AREAS]));
    expect(Object.keys(firstMsg)).not.toContain('order');
    expect(Object.keys(screensMsg).sort()).toEqual(BACK_OFFICE_MESSAGE_AREAS.filter((a) => !(DASHBOARD_MESSAGE_AREAS as readonly string[]).includes(a)).sort());
    // Together they are the whole dictionary.
    expect(Object.keys(await loadDictionary('tr')).sort()).toEqual([...new Set([...Object.keys(first), ...Object.keys(screens)])].sort());
    await screenDictionariesReady('tr');
    expect(i18n.t('orders.list.print')).toBe('İş emirlerini yazdır');
    expect(tm('order.action.start')).not.toBe('order.action.start');
  });

  it('puts a feature\'s dictionary in the second tier unless the first render needs it', () => {
    expect(isScreenDictionary('/w/packages/web/src/features/orders/i18n/tr.json')).toBe(true);
    expect(isScreenDictionary('../features/dashboard/i18n/en.json')).toBe(false);
    expect(isScreenDictionary('/w/packages/web/src/i18n/tr.json')).toBe(false);
  });

  it('gives the public entry a chunk per screen feature, loaded only with the screens that show it', () => {
    expect(dictionaryGroup('/w/packages/web/src/features/catalogue/i18n/tr.json', true)).toBe('catalogue');
    expect(dictionaryGroup('/w/packages/web/src/features/orders/i18n/es.json', true)).toBe('orders');
    expect(dictionaryGroup('/w/packages/web/src/features/orders/i18n/es.json', false)).toBe('screens');
    // The signed-in header's tools' texts: with the tools in the public entry, before the first render in the back office.
    expect(dictionaryGroup('/w/packages/web/src/features/users/i18n/tr.json', true)).toBe('tools');
    expect(dictionaryGroup('/w/packages/web/src/features/rates/i18n/tr.json', false)).toBeUndefined();
    // A back-office feature the public build sees only in the dead branch stays in the first chunk (which it leaves empty).
    expect(dictionaryGroup('/w/packages/web/src/features/offers/i18n/tr.json', true)).toBeUndefined();
    expect(screenDictionaryGroups('/login', true)).toEqual([]);
    expect(screenDictionaryGroups('/web', true)).toEqual(['catalogue']);
    expect(screenDictionaryGroups('/web/:id/:lang', true)).toEqual(['catalogue']);
    expect(screenDictionaryGroups('/ordertracking/:offerId/:companyId/:token', true)).toEqual(['orders']);
    expect(screenDictionaryGroups('/orders', false)).toEqual(['screens']);
    expect(screenDictionaryGroups('/', false)).toEqual([]);
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
