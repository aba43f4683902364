import type { Entry } from './messages.js';

/** Messages of the files area, in the three languages (English as the spec quotes it). */
export const FILE_MESSAGES = {
  // file store (DECISIONS 8)
  'file.tooLarge': { tr: 'Dosya çok büyük. En fazla {{max}} MB yükleyebilirsiniz.', en: 'The file is too large. The limit is {{max}} MB.', es: 'El archivo es demasiado grande. El límite es {{max}} MB.' },
  'file.unsupported': { tr: 'Bu dosya türü desteklenmiyor. PNG, JPEG, WebP, GIF, PDF ya da ZIP (DOCX, XLSX) yükleyiniz.', en: 'This file type is not supported. Upload PNG, JPEG, WebP, GIF, PDF or ZIP (DOCX, XLSX).', es: 'Este tipo de archivo no es compatible. Suba PNG, JPEG, WebP, GIF, PDF o ZIP (DOCX, XLSX).' },
  'file.notImage': { tr: 'Bu alan için bir görsel (PNG, JPEG, WebP, GIF) yükleyiniz.', en: 'Upload an image (PNG, JPEG, WebP, GIF) for this field.', es: 'Suba una imagen (PNG, JPEG, WebP, GIF) para este campo.' },
  'file.invalidData': { tr: 'Dosya verisi okunamadı (geçerli bir base64 data URL bekleniyor).', en: 'The file data cannot be read (a valid base64 data URL is expected).', es: 'No se pueden leer los datos del archivo (se espera una data URL base64 válida).' },
  'file.invalidValue': { tr: 'Bir dosya yükleyiniz ya da kayıtlı bir dosya seçiniz.', en: 'Upload a file or choose a stored one.', es: 'Suba un archivo o elija uno guardado.' },
  'file.missing': { tr: 'Dosya bulunamadı.', en: 'File not found.', es: 'Archivo no encontrado.' },
  'file.pdfScript': { tr: 'Bu PDF betik ya da otomatik eylem (JavaScript, OpenAction, AA, Launch) içeriyor; güvenlik için kabul edilmiyor.', en: 'This PDF carries a script or an automatic action (JavaScript, OpenAction, AA, Launch) and is refused for safety.', es: 'Este PDF contiene un script o una acción automática (JavaScript, OpenAction, AA, Launch) y se rechaza por seguridad.' },
  'file.pdfInvalid': { tr: 'Bu dosya PDF gibi başlıyor ama geçerli bir PDF değil.', en: 'This file starts like a PDF but is not a valid PDF.', es: 'Este archivo empieza como un PDF pero no es un PDF válido.' },
  'file.imageBroken': { tr: 'Bu görsel okunamadı: dosya bozuk ya da eksik. Görseli yeniden kaydedip yükleyiniz.', en: 'This image cannot be read: the file is damaged or incomplete. Save the image again and upload it.', es: 'No se puede leer esta imagen: el archivo está dañado o incompleto. Vuelva a guardarla y súbala.' },
  'file.imageTooLarge': { tr: 'Bu görsel çok büyük: en fazla {{megapixels}} megapiksel yükleyebilirsiniz.', en: 'This image is too large: at most {{megapixels}} megapixels can be uploaded.', es: 'Esta imagen es demasiado grande: se pueden subir como máximo {{megapixels}} megapíxeles.' },
  'file.empty': { tr: 'Dosya boş.', en: 'The file is empty.', es: 'El archivo está vacío.' },
  'file.required': { tr: 'Dosya yükleyiniz.', en: 'Upload a file.', es: 'Suba un archivo.' },

  // image library (spec 000 2.10, 3 Image)
  'image.required': { tr: 'Görsel yükleyiniz', en: 'Add an image', es: 'Añada una imagen' },
  'image.description.invalid': { tr: 'Açıklama şunlardan biri olmalı: Ana Görsel, Yan Görsel, Teknik Resim, Renkli Resim.', en: 'Description must be one of: Ana Görsel, Yan Görsel, Teknik Resim, Renkli Resim.', es: 'La descripción debe ser una de: Ana Görsel, Yan Görsel, Teknik Resim, Renkli Resim.' },
  'image.model.invalid': { tr: 'Model listesi geçersiz (her satırda etiket ve değer olmalı).', en: 'The model list is not valid (each row needs a label and a value).', es: 'La lista de modelos no es válida (cada fila necesita etiqueta y valor).' },
  'image.created': { tr: 'Görsel kaydedildi', en: 'Image saved', es: 'Imagen guardada' },
  'image.updated': { tr: 'Görsel güncellendi', en: 'Image updated', es: 'Imagen actualizada' },
  'image.deleted': { tr: 'Görsel silindi', en: 'Image deleted', es: 'Imagen eliminada' },
} satisfies Record<string, Entry>;
