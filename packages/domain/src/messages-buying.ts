import type { Entry } from './messages.js';
import { PURCHASE_ORDER_MESSAGES } from './messages-purchase-orders.js';

/** Messages of purchase requests (spec 001 2.11, 3.8, 4.2, 5, 8; DECISIONS 6), in the three languages. */
export const BUYING_MESSAGES = {
  ...PURCHASE_ORDER_MESSAGES,
  'buying.material.required': { tr: 'Malzeme seçiniz.', en: 'Choose a material.', es: 'Elija un material.' },
  'buying.material.unknown': { tr: 'Seçilen malzeme bulunamadı.', en: 'The chosen material does not exist.', es: 'El material elegido no existe.' },
  'buying.qty.invalid': { tr: 'Miktar 0’dan büyük bir sayı olmalıdır.', en: 'The quantity must be a number above 0.', es: 'La cantidad debe ser un número mayor que 0.' },
  'buying.price.invalid': { tr: 'Birim fiyat 0 ya da daha büyük bir sayı olmalıdır.', en: 'The unit price must be a number of 0 or more.', es: 'El precio unitario debe ser un número de 0 o más.' },
  'buying.rate.invalid': { tr: 'Kur 0’dan büyük bir sayı olmalıdır.', en: 'The exchange rate must be a number above 0.', es: 'El tipo de cambio debe ser un número mayor que 0.' },
  'buying.rate.required': { tr: 'Kayıtlı kur bülteni yok: {{currency}} kurunu yazınız.', en: 'No rate bulletin is stored: write the {{currency}} rate.', es: 'No hay boletín de tipos guardado: escriba el tipo {{currency}}.' },
  'buying.amount.tooLarge': { tr: 'Tutar çok büyük: miktarı ya da fiyatı kontrol ediniz.', en: 'The amount is too large: check the quantity or the price.', es: 'El importe es demasiado grande: revise la cantidad o el precio.' },
  'buying.status.invalid': { tr: 'Satın alma durumu 0-4 arasında olmalıdır.', en: 'The purchase status must be between 0 and 4.', es: 'El estado de la compra debe estar entre 0 y 4.' },
  'buying.status.backward': { tr: 'Satın alma durumu geri alınamaz (yalnızca ileri ya da İptal).', en: 'A purchase status only moves forward (or to Canceled).', es: 'El estado de una compra solo avanza (o pasa a Cancelada).' },
  'buying.locked': { tr: 'Tamamlanan ya da iptal edilen satın almanın malzemesi, miktarı ve fiyatı değiştirilemez.', en: 'The material, quantity and price of a completed or canceled purchase cannot change.', es: 'El material, la cantidad y el precio de una compra completada o cancelada no se pueden cambiar.' },
  'buying.delete.status': { tr: 'Yalnızca Talep ya da İptal durumundaki satın almalar silinebilir.', en: 'Only purchase requests in status Request or Canceled can be deleted.', es: 'Solo se pueden eliminar compras en estado Solicitud o Cancelada.' },
  'buying.delete.confirm': { tr: 'Satın almayı silmek istiyor musunuz?', en: 'Do you want to delete the purchase?', es: '¿Desea eliminar la compra?' },
  'buying.supplier.unknown': { tr: 'Seçilen tedarikçi bulunamadı.', en: 'The chosen supplier does not exist.', es: 'El proveedor elegido no existe.' },
  'buying.supplier.notSupplier': { tr: 'Seçilen firma bir tedarikçi değil.', en: 'The chosen company is not a supplier.', es: 'La empresa elegida no es un proveedor.' },
  'buying.email.invalid': { tr: 'E-posta geçerli değil!', en: 'Email is not valid!', es: '¡El correo no es válido!' },
  'buying.date.invalid': { tr: 'Tarih geçersiz.', en: 'The date is not valid.', es: 'La fecha no es válida.' },
  'buying.filter.invalid': { tr: 'Durum filtresi 0-4 arasında olmalıdır.', en: 'The status filter must be between 0 and 4.', es: 'El filtro de estado debe estar entre 0 y 4.' },
  'buying.created': { tr: 'Satın alma talebi oluşturuldu', en: 'Buying request created', es: 'Solicitud de compra creada' },
  'buying.updated': { tr: 'Satın alma güncellendi', en: 'Buying updated', es: 'Compra actualizada' },
  'buying.deleted': { tr: 'Satın alma silindi', en: 'Purchase deleted', es: 'Compra eliminada' },
  'company.delete.hasBuyings': { tr: 'Satın alması olan Firma Silinemez..', en: 'A company with purchase requests cannot be deleted..', es: 'No se puede eliminar una empresa con solicitudes de compra..' },
  'material.inBuying': { tr: 'Satın alma talebinde kullanılan malzeme silinemez.', en: 'A material named in a purchase request cannot be deleted.', es: 'No se puede eliminar un material de una solicitud de compra.' },
} satisfies Record<string, Entry>;
