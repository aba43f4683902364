import type { Entry } from './messages.js';

/** Messages of the own-company settings (spec 000 2.6 and 5), in the three languages. */
export const MY_COMPANY_MESSAGES = {
  'mycompany.nameCountry.missing': { tr: 'Firma bilgilerinde ülke ya da firma adı eksik', en: 'company info country or name is missing', es: 'Falta el país o el nombre en los datos de la empresa' },
  'mycompany.email.invalid': { tr: 'E-posta geçerli değil!', en: 'Email is not valid!', es: '¡El correo no es válido!' },
  'mycompany.iban.invalid': { tr: 'IBAN geçerli değil (ülke kodu, kontrol basamakları ve uzunluk kontrol edildi).', en: 'The IBAN is not valid (country code, check digits and length are checked).', es: 'El IBAN no es válido (se comprueban el código de país, los dígitos de control y la longitud).' },
  'mycompany.currency.invalid': { tr: 'Para birimi ₺, $ ya da € olmalı.', en: 'The currency must be ₺, $ or €.', es: 'La moneda debe ser ₺, $ o €.' },
  'mycompany.bank.required': { tr: 'Banka adını yazınız.', en: 'Enter the bank name.', es: 'Introduzca el nombre del banco.' },
  'mycompany.certificate.required': { tr: 'Sertifika adını yazınız.', en: 'Enter the certificate name.', es: 'Introduzca el nombre del certificado.' },
  'mycompany.certificate.fileType': { tr: 'Sertifika dosyası bir görsel (PNG, JPEG, WebP, GIF) ya da PDF olmalı.', en: 'The certificate file must be an image (PNG, JPEG, WebP, GIF) or a PDF.', es: 'El archivo del certificado debe ser una imagen (PNG, JPEG, WebP, GIF) o un PDF.' },
  'mycompany.qc.no.invalid': { tr: 'Soru numarası pozitif bir tam sayı olmalı.', en: 'The question number must be a positive whole number.', es: 'El número de la pregunta debe ser un entero positivo.' },
  'mycompany.qc.question.required': { tr: 'Soruyu yazınız.', en: 'Enter the question.', es: 'Escriba la pregunta.' },
  'mycompany.exists': { tr: 'Firma bilgileri zaten kayıtlı; güncelleyiniz.', en: 'The company info already exists; update it instead.', es: 'Los datos de la empresa ya existen; actualícelos.' },
  'mycompany.created': { tr: 'Firma oluşturuldu', en: 'company created', es: 'Empresa creada' },
  'mycompany.updated': { tr: 'Firma güncellendi', en: 'company updated', es: 'Empresa actualizada' },
} satisfies Record<string, Entry>;
