import { describe, expect, it } from 'vitest';
import { offerLanguage, offerMailDraft, offerMailto, offerEmailSchema } from './mail.js';
import { DEFAULT_OFFER_SETTINGS } from './offer-settings.js';

const offer = { teklif_no: 'TKF-2026-0007', firma_adi: 'Acme', related_person: 'Ali Veli', teklif_konu: 'Otopark', firma_eposta: 'info@acme.test', orderTrackingEmail: '' };

describe('offer mail', () => {
  it('speaks Turkish to a Turkish (or unset) country, English to any other', () => {
    expect(offerLanguage({ firma_ulke: 'Türkiye' })).toBe('tr');
    expect(offerLanguage({ firma_ulke: '' })).toBe('tr');
    expect(offerLanguage({ firma_ulke: 'Germany' })).toBe('en');
  });

  it('prefills from the settings in Turkish and the English text otherwise; the order-tracking address first', () => {
    expect(offerMailDraft({ ...offer, firma_ulke: 'Türkiye' }, DEFAULT_OFFER_SETTINGS)).toEqual({
      to: 'info@acme.test', subject: 'Teklif TKF-2026-0007', lang: 'tr',
      message: 'Sayın Ali Veli,\n\nTKF-2026-0007 numaralı teklifimizi ekte bulabilirsiniz.\n\nSaygılarımızla',
    });
    const en = offerMailDraft({ ...offer, firma_ulke: 'France', orderTrackingEmail: 'track@acme.test' }, DEFAULT_OFFER_SETTINGS);
    expect(en).toMatchObject({ to: 'track@acme.test', subject: 'Offer TKF-2026-0007', lang: 'en' });
    expect(en.message).toContain('Please find our offer TKF-2026-0007 attached.');
  });

  it('builds the mailto fallback and checks the dialog body', () => {
    expect(offerMailto('a@b.test', 'Teklif & 1', 'x\ny')).toBe('mailto:a%40b.test?subject=Teklif%20%26%201&body=x%0Ay');
    expect(offerEmailSchema.safeParse({ to: ' A@B.test ', subject: 'S' }).data).toEqual({ to: 'a@b.test', subject: 'S', message: '' });
    expect(offerEmailSchema.safeParse({ to: 'x', subject: ' ' }).success).toBe(false);
  });
});
