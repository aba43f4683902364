/**
 * Log titles and descriptions, and the labels of stored values (units, image descriptions, operation
 * centres, movement types), in the three languages. The stored values stay as the specification names
 * them ('Adet', 'Ana Görsel', 'uretim'); only what a reader sees is translated.
 */
import type { Entry } from './messages.js';

const same = (text: string): Entry => ({ tr: text, en: text, es: text });

export const LOG_MESSAGES = {
  'log.company.created': { tr: 'Firma oluşturuldu', en: 'Company created', es: 'Empresa creada' },
  'log.company.updated': { tr: 'Firma güncellendi', en: 'Company updated', es: 'Empresa actualizada' },
  'log.company.deleted': { tr: 'Firma silindi', en: 'Company deleted', es: 'Empresa eliminada' },
  'log.material.created': { tr: 'Malzeme oluşturuldu', en: 'Material created', es: 'Material creado' },
  'log.material.updated': { tr: 'Malzeme güncellendi', en: 'Material updated', es: 'Material actualizado' },
  'log.material.deleted': { tr: 'Malzeme silindi', en: 'Material deleted', es: 'Material eliminado' },
  'log.todo.created': { tr: 'Yapılacak iş oluşturuldu', en: 'To-do created', es: 'Tarea creada' },
  'log.todo.read': { tr: 'Yapılacak iş okundu', en: 'To-do marked read', es: 'Tarea marcada como leída' },
  'log.todo.unread': { tr: 'Yapılacak iş okunmadı olarak işaretlendi', en: 'To-do marked unread', es: 'Tarea marcada como no leída' },
  'log.todo.deleted': { tr: 'Yapılacak iş silindi', en: 'To-do deleted', es: 'Tarea eliminada' },
  'log.user.created': { tr: 'Kullanıcı oluşturuldu', en: 'User created', es: 'Usuario creado' },
  'log.user.updated': { tr: 'Kullanıcı güncellendi', en: 'User updated', es: 'Usuario actualizado' },
  'log.user.passwordChanged': { tr: 'Şifre değiştirildi', en: 'Password changed', es: 'Contraseña cambiada' },
  'log.user.deleted': { tr: 'Kullanıcı silindi', en: 'User deleted', es: 'Usuario eliminado' },
  'log.delivery.created': { tr: 'Teslimat oluşturuldu', en: 'Delivery created', es: 'Entrega creada' },
  'log.delivery.updated': { tr: 'Teslimat güncellendi', en: 'Delivery updated', es: 'Entrega actualizada' },
  'log.delivery.deleted': { tr: 'Teslimat silindi', en: 'Delivery deleted', es: 'Entrega eliminada' },
  'log.image.created': { tr: 'Görsel oluşturuldu', en: 'Image created', es: 'Imagen creada' },
  'log.image.updated': { tr: 'Görsel güncellendi', en: 'Image updated', es: 'Imagen actualizada' },
  'log.image.deleted': { tr: 'Görsel silindi', en: 'Image deleted', es: 'Imagen eliminada' },
  'log.offer.webRequest': { tr: 'Web teklif isteği', en: 'Web offer request', es: 'Solicitud de oferta web' },
  'log.model.created': { tr: 'Model oluşturuldu', en: 'Model created', es: 'Modelo creado' },
  'log.model.updated': { tr: 'Model güncellendi', en: 'Model updated', es: 'Modelo actualizado' },
  'log.model.deleted': { tr: 'Model silindi', en: 'Model deleted', es: 'Modelo eliminado' },
  'log.product.created': { tr: 'Ürün oluşturuldu', en: 'Product created', es: 'Producto creado' },
  'log.product.updated': { tr: 'Ürün güncellendi', en: 'Product updated', es: 'Producto actualizado' },
  'log.product.deleted': { tr: 'Ürün silindi', en: 'Product deleted', es: 'Producto eliminado' },
  'log.stock.created': { tr: 'Stok hareketi oluşturuldu', en: 'Stock movement created', es: 'Movimiento de stock creado' },
  'log.stock.reversed': { tr: 'Stok hareketi geri alındı', en: 'Stock movement reversed', es: 'Movimiento de stock revertido' },
  'log.stock.updated': { tr: 'Stok hareketi güncellendi', en: 'Stock movement updated', es: 'Movimiento de stock actualizado' },
  'log.stock.deleted': { tr: 'Stok hareketi silindi', en: 'Stock movement deleted', es: 'Movimiento de stock eliminado' },
  'log.productStock.created': { tr: 'Ürün stok hareketi oluşturuldu', en: 'Product stock movement created', es: 'Movimiento de stock de producto creado' },
  'log.productStock.reversed': { tr: 'Ürün stok hareketi geri alındı', en: 'Product stock movement reversed', es: 'Movimiento de stock de producto revertido' },
  'log.productStock.deleted': { tr: 'Ürün stok hareketi silindi', en: 'Product stock movement deleted', es: 'Movimiento de stock de producto eliminado' },
  'log.mycompany.created': { tr: 'Firma bilgileri oluşturuldu', en: 'Company details created', es: 'Datos de la empresa creados' },
  'log.mycompany.updated': { tr: 'Firma bilgileri güncellendi', en: 'Company details updated', es: 'Datos de la empresa actualizados' },
  'log.buying.created': { tr: 'Satın alma talebi oluşturuldu', en: 'Purchase request created', es: 'Solicitud de compra creada' },
  'log.buying.updated': { tr: 'Satın alma güncellendi', en: 'Purchase updated', es: 'Compra actualizada' },
  'log.buying.deleted': { tr: 'Satın alma silindi', en: 'Purchase deleted', es: 'Compra eliminada' },
  'log.rates.saved': { tr: 'Döviz kurları kaydedildi', en: 'Exchange rates saved', es: 'Tipos de cambio guardados' },
  // Descriptions with values; {{unit}} and {{center}} are shown through their labels (logParamsIn).
  'logText.movement': same('{{name}}: {{sign}}{{qty}} {{unit}} ({{center}})'),
  'logText.deliveryItem': same('{{company}}: {{name}} {{qty}} {{unit}}'),
} satisfies Record<string, Entry>;

export const LABEL_MESSAGES = {
  'label.unit.adet': { tr: 'Adet', en: 'pcs', es: 'uds.' },
  'label.unit.kg': { tr: 'Kg', en: 'kg', es: 'kg' },
  'label.unit.metre': { tr: 'Metre', en: 'Metre', es: 'Metro' },
  'label.unit.takim': { tr: 'Takım', en: 'Set', es: 'Juego' },
  'label.unit.paket': { tr: 'Paket', en: 'Pack', es: 'Paquete' },
  'label.image.main': { tr: 'Ana Görsel', en: 'Main image', es: 'Imagen principal' },
  'label.image.side': { tr: 'Yan Görsel', en: 'Side image', es: 'Imagen lateral' },
  'label.image.drawing': { tr: 'Teknik Resim', en: 'Technical drawing', es: 'Dibujo técnico' },
  'label.image.colour': { tr: 'Renkli Resim', en: 'Colour picture', es: 'Imagen en color' },
  'label.center.fatura': { tr: 'Fatura', en: 'Invoice', es: 'Factura' },
  'label.center.ithalat': { tr: 'İthalat', en: 'Import', es: 'Importación' },
  'label.center.uretim': { tr: 'Üretim', en: 'Production', es: 'Producción' },
  'label.center.fire': { tr: 'Fire', en: 'Scrap', es: 'Merma' },
  'label.center.teslimat': { tr: 'Teslimat', en: 'Delivery', es: 'Entrega' },
  'label.type.giris': { tr: 'Giriş', en: 'In', es: 'Entrada' },
  'label.type.cikis': { tr: 'Çıkış', en: 'Out', es: 'Salida' },
} satisfies Record<string, Entry>;
