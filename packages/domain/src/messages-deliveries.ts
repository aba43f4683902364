import type { Entry } from './messages.js';

/** Messages of company deliveries (spec 000 5, 8; DECISIONS 6), in the three languages. */
export const DELIVERY_MESSAGES = {
  'delivery.qty.required': { tr: 'Miktarı Yazınız', en: 'Write the quantity', es: 'Escriba la cantidad' },
  'delivery.qty.min': { tr: 'Miktar en az 1 olmalıdır.', en: 'The quantity must be at least 1.', es: 'La cantidad debe ser al menos 1.' },
  'delivery.qty.max': { tr: 'Stokta yeterli miktar yok: en fazla {{max}} teslim edilebilir.', en: 'Not enough in stock: at most {{max}} can be delivered.', es: 'No hay existencias suficientes: como máximo se pueden entregar {{max}}.' },
  'delivery.company.required': { tr: 'Firma Tanımsız', en: 'Company not defined', es: 'Empresa no definida' },
  'delivery.order.required': { tr: 'Sipariş Tanımlanamadı', en: 'Order could not be identified', es: 'No se pudo identificar el pedido' },
  'delivery.price.invalid': { tr: 'Ürün Fiyatı Hatalıdır', en: 'The product price is not valid', es: 'El precio del producto no es válido' },
  'delivery.product.required': { tr: 'Bir ürün ya da malzeme seçiniz.', en: 'Choose a product or material.', es: 'Elija un producto o material.' },
  'delivery.product.unknown': { tr: 'Seçilen ürün ya da malzeme bulunamadı.', en: 'The chosen product or material does not exist.', es: 'El producto o material elegido no existe.' },
  'delivery.productname.required': { tr: 'Teslim edilen kalemi yazınız.', en: 'Write what is delivered.', es: 'Escriba lo que se entrega.' },
  'delivery.type.invalid': { tr: 'Teslimat türü hatalı (default, material ya da product).', en: 'The delivery type is not valid (default, material or product).', es: 'El tipo de entrega no es válido (default, material o product).' },
  'delivery.status.invalid': { tr: 'Teslimat durumu 0, 1 ya da 2 olmalıdır.', en: 'The delivery status must be 0, 1 or 2.', es: 'El estado de la entrega debe ser 0, 1 o 2.' },
  'delivery.statusdescription.invalid': { tr: 'Durum açıklaması 0-4 arasında olmalıdır.', en: 'The status description must be between 0 and 4.', es: 'La descripción del estado debe estar entre 0 y 4.' },
  'delivery.date.invalid': { tr: 'Tarih geçersiz.', en: 'The date is not valid.', es: 'La fecha no es válida.' },
  'delivery.locked': { tr: 'Teslimatın ürünü, miktarı ve fiyatı değiştirilemez. Teslimatı silip yeniden oluşturun.', en: 'The item, quantity and price of a delivery cannot be changed. Delete the delivery and create it again.', es: 'El artículo, la cantidad y el precio de una entrega no se pueden cambiar. Elimine la entrega y créela de nuevo.' },
  'delivery.delete.mismatch': { tr: 'Teslimat bu ürün ya da türle eşleşmiyor.', en: 'The delivery does not match this product or type.', es: 'La entrega no coincide con este producto o tipo.' },
  'delivery.delete.confirm': { tr: 'Teslimatı Silmek istiyor musunuz ?', en: 'Do you want to delete the delivery?', es: '¿Desea eliminar la entrega?' },
  'delivery.created': { tr: 'Teslimat kaydedildi', en: 'Delivery created', es: 'Entrega creada' },
  'delivery.updated': { tr: 'Teslimat güncellendi', en: 'delivery updated', es: 'Entrega actualizada' },
  'delivery.deleted': { tr: 'Teslimat silindi, stok geri alındı', en: 'Delivery deleted, stock restored', es: 'Entrega eliminada, existencias restauradas' },
} satisfies Record<string, Entry>;
