import type { Entry } from './messages.js';

/** Messages of partial receipts of purchases (issue 25; ADR 0045), in the three languages. */
export const RECEIPT_MESSAGES = {
  'receipt.qty.invalid': { tr: 'Teslim alınan miktar 0’dan büyük bir sayı olmalıdır.', en: 'The received quantity must be a number above 0.', es: 'La cantidad recibida debe ser un número mayor que 0.' },
  'receipt.qty.over': {
    tr: 'Bu miktar kalan miktarı ({{due}} {{unit}}) aşıyor. Fazlasını teslim almak için onaylayın.',
    en: 'This is more than is still due ({{due}} {{unit}}). Confirm to receive more than ordered.',
    es: 'Es más de lo pendiente ({{due}} {{unit}}). Confirme para recibir más de lo pedido.',
  },
  'receipt.date.invalid': { tr: 'Teslim alma tarihi geçersiz.', en: 'The receipt date is not valid.', es: 'La fecha de recepción no es válida.' },
  'receipt.status': {
    tr: 'Yalnızca Sipariş ya da Kontrol durumundaki satın almalar teslim alınabilir.',
    en: 'Only purchases in status Order or Control can be received.',
    es: 'Solo se pueden recibir compras en estado Pedido o Control.',
  },
  'receipt.locked': {
    tr: 'Teslim alımı olan satın almanın malzemesi, birimi, fiyatı ve para birimi değiştirilemez.',
    en: 'The material, unit, price and currency of a purchase with receipts cannot change.',
    es: 'El material, la unidad, el precio y la moneda de una compra con recepciones no se pueden cambiar.',
  },
  'receipt.qty.belowReceived': {
    tr: 'Miktar teslim alınandan ({{received}}) az olamaz.',
    en: 'The quantity cannot be less than what was received ({{received}}).',
    es: 'La cantidad no puede ser menor que lo recibido ({{received}}).',
  },
  'receipt.delete.hasReceipts': {
    tr: 'Teslim alımı olan satın alma silinemez: önce teslim alımlarını silin.',
    en: 'A purchase with receipts cannot be deleted: delete its receipts first.',
    es: 'No se puede eliminar una compra con recepciones: elimine antes sus recepciones.',
  },
  'receipt.delete.confirm': { tr: 'Teslim alımı silinsin mi? Stoktan geri çıkarılır.', en: 'Delete the receipt? Its quantity leaves stock again.', es: '¿Eliminar la recepción? Su cantidad sale de nuevo del stock.' },
  'receipt.created': { tr: 'Teslim alındı', en: 'Received', es: 'Recibido' },
  'receipt.deleted': { tr: 'Teslim alımı silindi', en: 'Receipt deleted', es: 'Recepción eliminada' },
} satisfies Record<string, Entry>;
