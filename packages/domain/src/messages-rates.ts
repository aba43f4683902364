import type { Entry } from './messages.js';

/** Messages of the exchange rates area (DECISIONS 3), in the three languages. */
export const RATES_MESSAGES = {
  'rates.none': { tr: 'Henüz kayıtlı döviz kuru yok: merkez bankası kur bülteni alınamadı.', en: 'No exchange rates are stored yet: the central bank bulletin could not be fetched.', es: 'Aún no hay tipos de cambio guardados: no se pudo obtener el boletín del banco central.' },
  'rates.unreachable': { tr: 'Merkez bankası kur bültenine ulaşılamadı.', en: 'The central bank rate bulletin could not be reached.', es: 'No se pudo acceder al boletín de tipos del banco central.' },
  'rates.httpStatus': { tr: 'Merkez bankası kur bülteni HTTP {{status}} yanıtı verdi.', en: 'The central bank rate bulletin answered HTTP {{status}}.', es: 'El boletín de tipos del banco central respondió HTTP {{status}}.' },
  'rates.timeout': { tr: 'Merkez bankası kur bülteni {{seconds}} saniyede yanıt vermedi.', en: 'The central bank rate bulletin did not answer within {{seconds}} seconds.', es: 'El boletín de tipos del banco central no respondió en {{seconds}} segundos.' },
  'rates.malformed': { tr: 'Merkez bankası kur bülteni okunamadı (biçim hatalı ya da USD/EUR eksik); son kayıtlı kurlar kullanılıyor.', en: 'The central bank rate bulletin could not be read (bad format or USD/EUR missing); the last stored rates stay in use.', es: 'No se pudo leer el boletín de tipos del banco central (formato incorrecto o falta USD/EUR); se siguen usando los últimos tipos guardados.' },
  'rates.stored': { tr: 'Merkez bankası {{date}} kur bülteni kaydedildi.', en: 'The central bank bulletin of {{date}} was stored.', es: 'Se guardó el boletín del banco central del {{date}}.' },
  'rates.tooSoon': { tr: 'Kurlar az önce merkez bankasından alındı; yeniden almak için {{seconds}} saniye bekleyin. Gösterilen, son kayıtlı bültendir.', en: 'The rates were fetched from the central bank a moment ago; wait {{seconds}} seconds to fetch again. Shown is the last stored bulletin.', es: 'Los tipos se obtuvieron del banco central hace un momento; espere {{seconds}} segundos para volver a obtenerlos. Se muestra el último boletín guardado.' },
} satisfies Record<string, Entry>;
