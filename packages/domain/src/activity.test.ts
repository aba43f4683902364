import { describe, expect, it } from 'vitest';
import { businessDay, businessDayRange, parseDay } from './business-day.js';
import { formatOfferNo, offerRequestSchema } from './activity.js';
import { logLink } from './log-links.js';

describe('business day', () => {
  it('reads YYYY-MM-DD and DD.MM.YYYY and refuses days that do not exist', () => {
    expect(parseDay('2026-03-09')).toBe('2026-03-09');
    expect(parseDay('09.03.2026')).toBe('2026-03-09');
    expect(parseDay(' 29.02.2024 ')).toBe('2024-02-29');
    for (const bad of ['29.02.2026', '2026-13-01', '2026-3-9', '9.3.2026', 'today', '', '2026-03-09T00:00']) expect(parseDay(bad), bad).toBeNull();
  });

  it('is the Istanbul day: it starts at 21:00 UTC of the day before', () => {
    expect(businessDayRange('2026-03-09')).toEqual({ start: new Date('2026-03-08T21:00:00Z'), end: new Date('2026-03-09T21:00:00Z') });
    expect(businessDay(new Date('2026-03-08T21:30:00Z'))).toBe('2026-03-09');
    expect(businessDay(new Date('2026-03-08T20:59:59Z'))).toBe('2026-03-08');
  });
});

describe('logLink', () => {
  it("leads to the offer, order or production line the log row is about, by its form and title", () => {
    expect(logLink({ form: 'offers', title: 'Teklif oluşturuldu', operation_id: 'a1' })).toBe('/offer/a1');
    expect(logLink({ form: 'offers', title: 'Sipariş durumuna geçti', operation_id: 'a1' })).toBe('/order/a1');
    expect(logLink({ form: 'orders', title: 'x', operation_id: 'o1' })).toBe('/order/o1');
    expect(logLink({ form: 'orderitems', title: 'x', operation_id: 'l1' })).toBe('/orderproductiondetail/l1');
    expect(logLink({ form: 'buying', title: 'Satın alma güncellendi', operation_id: 'b1' })).toBe('/buyings?open=b1');
    expect(logLink({ form: 'companies', title: 'Firma oluşturuldu', operation_id: 'c1' })).toBeNull();
    expect(logLink({ form: 'offers', title: 'x', operation_id: null })).toBeNull();
  });
});

describe('offer request', () => {
  it('numbers offers per year with four digits', () => {
    expect(formatOfferNo(2026, 1)).toBe('TKF-2026-0001');
    expect(formatOfferNo(2026, 12345)).toBe('TKF-2026-12345');
  });

  it('needs a name, a valid e-mail and a whole quantity of at least 1', () => {
    const r = offerRequestSchema.safeParse({ productId: 'p', name: ' ', email: 'x@', quantity: 0 });
    expect(r.success).toBe(false);
    const fields = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(fields).toMatchObject({ name: 'offerRequest.name.required', email: 'offerRequest.email.invalid', quantity: 'offerRequest.quantity.invalid' });
    expect(offerRequestSchema.parse({ productId: 'p', name: 'Ali Veli', email: 'ali@example.com', quantity: '3' })).toMatchObject({ quantity: 3, lang: 'tr', company: '', message: '' });
  });
});
