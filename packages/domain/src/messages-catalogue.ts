import type { Entry } from './messages.js';

/** Messages of the catalogue area, in the three languages (English as the spec quotes it). */
export const CATALOGUE_MESSAGES = {
  // models (spec 001 5, 8)
  'model.name.short': { tr: 'Model Adı Çok Kısa', en: 'Model Name Very Short', es: 'Nombre del modelo muy corto' },
  'model.code.required': { tr: 'Model Kodunu Yazınız', en: 'Write to Model Code', es: 'Escriba el código del modelo' },
  'model.category.required': { tr: 'Model Kategorisini Seçiniz', en: 'Write to Model Category', es: 'Indique la categoría del modelo' },
  'model.inUse': { tr: 'Ürünü olan Model Silinemez.. Modeli pasif yapabilirsiniz.', en: 'A model with products cannot be deleted.. You can make it inactive instead.', es: 'No se puede eliminar un modelo con productos.. Puede desactivarlo.' },
  'model.delete.confirm': { tr: 'Modeli Silmek istiyor musunuz ?', en: 'Do you want to delete the model?', es: '¿Desea eliminar el modelo?' },
  'model.created': { tr: 'Model oluşturuldu', en: 'Model created', es: 'Modelo creado' },
  'model.updated': { tr: 'Model güncellendi', en: 'Model updated', es: 'Modelo actualizado' },

  // products
  'product.name.short': { tr: 'Ürün Adı Çok Kısa', en: 'Product Name Very Short', es: 'Nombre del producto muy corto' },
  'product.model.required': { tr: 'Model Kodunu Yazınız', en: 'Write to Model Code', es: 'Escriba el código del modelo' },
  'product.hasMovements': { tr: 'Stok hareketi olan Ürün Silinemez.. Ürünü pasif yapabilirsiniz.', en: 'A product with stock movements cannot be deleted.. You can make it inactive instead.', es: 'No se puede eliminar un producto con movimientos de stock.. Puede desactivarlo.' },
  'product.inUse': { tr: 'Bu ürün bir üretim reçetesinde (Yarı Mamül) kullanılıyor; önce oradan çıkarın.', en: 'This product is a component (Yarı Mamül) in a bill of operations; remove it there first.', es: 'Este producto es un componente (Yarı Mamül) de una lista de operaciones; quítelo primero allí.' },
  'product.delete.confirm': { tr: 'Ürünü Silmek istiyor musunuz ?', en: 'Do you want to delete the product?', es: '¿Desea eliminar el producto?' },
  'product.created': { tr: 'Ürün oluşturuldu', en: 'Product created', es: 'Producto creado' },
  'product.updated': { tr: 'Ürün güncellendi', en: 'Product updated', es: 'Producto actualizado' },

  // materials
  'material.name.short': { tr: 'Malzeme adı en az 3 karakter olmalı', en: 'Material name must be at least 3 characters', es: 'El nombre del material debe tener al menos 3 caracteres' },
  'material.category.required': { tr: 'Lütfen Kategori Seçiniz', en: 'Select pls to Category', es: 'Seleccione una categoría' },
  'material.group.required': { tr: 'Lütfen Grup Seçiniz', en: 'Select pls to Group', es: 'Seleccione un grupo' },
  'material.purchaseMultiple.invalid': { tr: 'Satın alma katı 0\'dan büyük olmalı (boş: yok)', en: 'The purchase multiple must be above 0 (blank: none)', es: 'El múltiplo de compra debe ser mayor que 0 (vacío: ninguno)' },
  'material.purchaseMin.invalid': { tr: 'En az satın alma miktarı 0\'dan büyük olmalı (boş: yok)', en: 'The minimum purchase quantity must be above 0 (blank: none)', es: 'La cantidad mínima de compra debe ser mayor que 0 (vacío: ninguna)' },
  'material.purchaseMultiple': { tr: 'Satın alma katı', en: 'Purchase multiple', es: 'Múltiplo de compra' },
  'material.purchaseMin': { tr: 'En az satın alma', en: 'Minimum purchase', es: 'Compra mínima' },
  'material.hasMovements': { tr: 'Stok hareketi olan Malzeme Silinemez..', en: 'A material with stock movements cannot be deleted..', es: 'No se puede eliminar un material con movimientos de stock..' },
  'material.inUse': { tr: 'Bu malzeme bir ürünün ya da modelin üretim reçetesinde kullanılıyor; önce oradan çıkarın.', en: 'This material is used in a bill of operations of a product or model; remove it there first.', es: 'Este material se usa en la lista de operaciones de un producto o modelo; quítelo primero allí.' },
  'material.delete.confirm': { tr: 'Malzemeyi silmek istiyor musunuz ?', en: 'Do you want to delete the material?', es: '¿Desea eliminar el material?' },
  'material.created': { tr: 'Malzeme oluşturuldu', en: 'Material created', es: 'Material creado' },
  'material.updated': { tr: 'Malzeme güncellendi', en: 'Material updated', es: 'Material actualizado' },

  // shared field rules
  'catalogue.number.invalid': { tr: 'Geçerli bir sayı yazınız.', en: 'Enter a valid number.', es: 'Introduzca un número válido.' },
  'catalogue.vat.invalid': { tr: 'KDV 18, 8 ya da 0 olmalı.', en: 'VAT must be 18, 8 or 0.', es: 'El IVA debe ser 18, 8 o 0.' },
  'catalogue.currency.invalid': { tr: 'Döviz ₺, $ ya da € olmalı.', en: 'Currency must be ₺, $ or €.', es: 'La moneda debe ser ₺, $ o €.' },
  'catalogue.unit.invalid': { tr: 'Birim Adet, Kg, Metre, Takım ya da Paket olmalı.', en: 'Unit must be Adet, Kg, Metre, Takım or Paket.', es: 'La unidad debe ser Adet, Kg, Metre, Takım o Paket.' },
  'catalogue.cct.invalid': { tr: 'Renk sıcaklığı listeden seçilmeli.', en: 'Choose the colour temperature from the list.', es: 'Elija la temperatura de color de la lista.' },
  'catalogue.optic.invalid': { tr: 'Optik listeden seçilmeli.', en: 'Choose the optic from the list.', es: 'Elija la óptica de la lista.' },
  'catalogue.operation.invalid': { tr: 'Operasyon listeden seçilmeli (Dizgi, Mekanik Montaj, Paketleme, E-Test, Harici İşlem, Onay, Yarı Mamül).', en: 'Choose the operation from the list (Dizgi, Mekanik Montaj, Paketleme, E-Test, Harici İşlem, Onay, Yarı Mamül).', es: 'Elija la operación de la lista (Dizgi, Mekanik Montaj, Paketleme, E-Test, Harici İşlem, Onay, Yarı Mamül).' },
  'catalogue.imageDescription.invalid': { tr: 'Görsel açıklaması Ana Görsel, Yan Görsel, Teknik Resim ya da Renkli Resim olmalı.', en: 'Image description must be Ana Görsel, Yan Görsel, Teknik Resim or Renkli Resim.', es: 'La descripción de la imagen debe ser Ana Görsel, Yan Görsel, Teknik Resim o Renkli Resim.' },
  'catalogue.file.notStored': { tr: 'Dosya deposu hazır değil; dosya yüklenemedi.', en: 'The file store is not available; the file could not be uploaded.', es: 'El almacén de archivos no está disponible; no se pudo subir el archivo.' },

  // stock movements (spec 001 5)
  'stock.center.select': { tr: 'Operasyon Birimi Seçiniz', en: 'Select Operation Unit', es: 'Seleccione la unidad de operación' },
  'stock.type.select': { tr: 'Operasyon Tipini Seçiniz', en: 'Select Operation Type', es: 'Seleccione el tipo de operación' },
  'stock.price.required': { tr: 'Birim Fiyat Yazınız', en: 'Write Unit Price', es: 'Escriba el precio unitario' },
  'stock.name.short': { tr: 'Stok adı 2 karakterden uzun olmalı', en: 'Stock name must be longer than 2 characters', es: 'El nombre del stock debe tener más de 2 caracteres' },
  'stock.qty.positive': { tr: 'Miktar sıfırdan büyük olmalı', en: 'Quantity must be greater than zero', es: 'La cantidad debe ser mayor que cero' },
  'stock.date.invalid': { tr: 'Geçerli bir tarih giriniz', en: 'Enter a valid date', es: 'Introduzca una fecha válida' },
  'stock.material.required': { tr: 'Malzeme seçiniz', en: 'Choose the material', es: 'Elija el material' },
  'stock.material.unknown': { tr: 'Seçilen malzeme bulunamadı', en: 'The chosen material does not exist', es: 'El material elegido no existe' },
  'stock.product.required': { tr: 'Ürün seçiniz', en: 'Choose the product', es: 'Elija el producto' },
  'stock.product.unknown': { tr: 'Seçilen ürün bulunamadı', en: 'The chosen product does not exist', es: 'El producto elegido no existe' },
  'stock.locked.production': { tr: 'Bu stok hareketi üretimden geldi (sipariş kalemi {{record}}). Silmek yerine oradaki operasyonu sıfırlayın.', en: 'This stock movement was made by production (order line {{record}}). Reset the operation there instead.', es: 'Este movimiento lo hizo la producción (línea de pedido {{record}}). Reinicie allí la operación.' },
  'stock.locked.delivery': { tr: 'Bu stok hareketi bir teslimattan geldi (teslimat {{record}}). Silmek yerine teslimatı silin.', en: 'This stock movement was made by a delivery (delivery {{record}}). Delete the delivery instead.', es: 'Este movimiento lo hizo una entrega (entrega {{record}}). Elimine la entrega.' },
  'stock.locked.purchase': { tr: 'Bu stok hareketi bir satın almadan geldi (satın alma {{record}}). Silmek yerine satın almayı geri alın.', en: 'This stock movement was made by a purchase (purchase request {{record}}). Undo the purchase instead.', es: 'Este movimiento lo hizo una compra (solicitud {{record}}). Deshaga la compra.' },
  'stock.alreadyReversed': { tr: 'Bu stok hareketi zaten geri alınmış.', en: 'This stock movement has already been reversed.', es: 'Este movimiento ya fue revertido.' },
  'stock.delete.confirm': { tr: 'Stok hareketini silmek istiyor musunuz ?', en: 'Do you want to delete the stock movement?', es: '¿Desea eliminar el movimiento de stock?' },
  'stock.created': { tr: 'Stok hareketi oluşturuldu', en: 'Stock movement created', es: 'Movimiento de stock creado' },
  'stock.updated': { tr: 'Stok hareketi güncellendi', en: 'Stock movement updated', es: 'Movimiento de stock actualizado' },
  'stock.negative': { tr: 'Dikkat: stok eksiye düşüyor.', en: 'Note: the stock goes negative.', es: 'Atención: el stock queda en negativo.' },
} satisfies Record<string, Entry>;
