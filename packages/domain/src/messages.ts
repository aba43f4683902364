/**
 * Every message the server or the client shows for a rule, in the three languages.
 * Schemas carry the key as their error message; whoever shows it translates it.
 * English texts are the ones the specification quotes.
 */
import { CATALOGUE_MESSAGES } from './messages-catalogue.js';
import { FILE_MESSAGES } from './messages-files.js';
import { DELIVERY_MESSAGES } from './messages-deliveries.js';
import { ACTIVITY_MESSAGES } from './messages-activity.js';
import { MY_COMPANY_MESSAGES } from './messages-mycompany.js';
import { RATES_MESSAGES } from './messages-rates.js';
import { LABEL_MESSAGES, LOG_MESSAGES } from './messages-labels.js';
import { DEVICE_MESSAGES } from './messages-devices.js';
import { OFFER_MESSAGES } from './messages-offers.js';
import { BUYING_MESSAGES } from './messages-buying.js';
import { RECEIPT_MESSAGES } from './messages-receipts.js';
import { MAIL_MESSAGES } from './messages-mail.js';
import { DOCUMENT_LABEL_MESSAGES, DOCUMENT_LIST_MESSAGES, DOCUMENT_MESSAGES } from './messages-documents.js';
import { ORDER_MESSAGES } from './messages-orders.js';
import { IMPORT_MESSAGES } from './messages-import.js';
import { REPORT_MESSAGES } from './messages-reports.js';

// The languages live in their own module: a screen that needs only them does not pull in every message.
import { LANGS, type Lang } from './langs.js';
export { LANGS, type Lang };

export type Entry = Record<Lang, string>;

const CORE_MESSAGES = {
  // generic
  'error.validation': { tr: 'Girilen bilgiler hatalı.', en: 'The data entered is not valid.', es: 'Los datos introducidos no son válidos.' },
  'error.required': { tr: 'Bu alan zorunludur.', en: 'This field is required.', es: 'Este campo es obligatorio.' },
  'error.invalidType': { tr: 'Bu alanın türü hatalı.', en: 'This field has the wrong type.', es: 'Este campo tiene un tipo incorrecto.' },
  /** A list's page size over its limit; {{max}} is the check's maximum, filled by the validation handler. */
  'error.pageSize.max': { tr: 'Sayfa boyutu en fazla {{max}} olabilir.', en: 'The page size can be at most {{max}}.', es: 'El tamaño de página puede ser como máximo {{max}}.' },
  'error.tooLong': { tr: 'Bu alan çok uzun.', en: 'This field is too long.', es: 'Este campo es demasiado largo.' },
  'error.malformedJson': { tr: 'İstek gövdesi geçerli JSON değil.', en: 'The request body is not valid JSON.', es: 'El cuerpo de la solicitud no es JSON válido.' },
  'error.unauthorized': { tr: 'Oturum açmanız gerekiyor.', en: 'You need to sign in.', es: 'Debe iniciar sesión.' },
  'error.tokenInvalid': { tr: 'Oturumunuz geçersiz ya da süresi dolmuş. Lütfen yeniden giriş yapın.', en: 'Your session is invalid or has expired. Please sign in again.', es: 'Su sesión no es válida o ha caducado. Inicie sesión de nuevo.' },
  'error.forbidden': { tr: 'Bu işlem için yetkiniz yok.', en: 'Your role does not allow this.', es: 'Su rol no permite esta acción.' },
  'error.modulePermission': { tr: 'Bu modülde bu işlem için izniniz yok.', en: 'You have no permission for this action in this module.', es: 'No tiene permiso para esta acción en este módulo.' },
  'error.notFound': { tr: 'Kayıt bulunamadı.', en: 'Record not found.', es: 'Registro no encontrado.' },
  'error.routeNotFound': { tr: 'Böyle bir adres yok.', en: 'No such address.', es: 'No existe esa dirección.' },
  'error.metricsToken': { tr: 'Ölçümler yalnızca doğru METRICS_TOKEN ile (Authorization: Bearer) okunabilir.', en: 'The metrics are read only with the right METRICS_TOKEN (Authorization: Bearer).', es: 'Las métricas solo se leen con el METRICS_TOKEN correcto (Authorization: Bearer).' },
  'error.draining': { tr: 'Sunucu kapanıyor; lütfen birazdan tekrar deneyin.', en: 'The server is stopping; please try again in a moment.', es: 'El servidor se está deteniendo; inténtelo de nuevo en un momento.' },
  'error.conflict': { tr: 'Kayıt siz açtıktan sonra başkası tarafından değiştirildi. Sayfayı yenileyip tekrar deneyin.', en: 'Someone else changed this record after you opened it. Reload and try again.', es: 'Otra persona cambió este registro después de abrirlo. Recargue e inténtelo de nuevo.' },
  'error.version': { tr: 'Sürüm (__v) 0 ya da daha büyük bir tam sayı olmalıdır.', en: 'The version (__v) must be a whole number of 0 or more.', es: 'La versión (__v) debe ser un número entero de 0 o más.' },
  'error.tooLarge': { tr: 'İstek çok büyük.', en: 'The request is too large.', es: 'La solicitud es demasiado grande.' },
  'error.tooMany': { tr: 'Çok fazla istek. Lütfen biraz sonra tekrar deneyin.', en: 'Too many requests. Please try again later.', es: 'Demasiadas solicitudes. Inténtelo más tarde.' },
  'error.internal': { tr: 'Beklenmeyen bir hata oluştu.', en: 'An unexpected error occurred.', es: 'Se produjo un error inesperado.' },
  'error.databaseUnavailable': { tr: 'Veritabanına şu an ulaşılamıyor, lütfen tekrar deneyin.', en: 'The database cannot be reached right now. Please try again.', es: 'No se puede acceder a la base de datos en este momento. Inténtelo de nuevo.' },
  'error.unavailable': { tr: 'Hizmet şu anda kullanılamıyor.', en: 'The service is unavailable right now.', es: 'El servicio no está disponible ahora.' },
  'error.invalidText': { tr: 'Bu alan geçersiz bir karakter içeriyor.', en: 'This field contains an invalid character.', es: 'Este campo contiene un carácter no válido.' },

  // numbers (docs/decisions/0035-decimal-input.md): text that reads as no number, naming the field
  'number.unreadable.qty': { tr: 'Miktar sayı olarak okunamadı: 1234,56 ya da 1234.56 biçiminde yazınız.', en: 'The quantity is not a readable number: write it as 1234,56 or 1234.56.', es: 'La cantidad no es un número legible: escríbala como 1234,56 o 1234.56.' },
  'number.unreadable.price': { tr: 'Fiyat sayı olarak okunamadı: 1234,56 ya da 1234.56 biçiminde yazınız.', en: 'The price is not a readable number: write it as 1234,56 or 1234.56.', es: 'El precio no es un número legible: escríbalo como 1234,56 o 1234.56.' },
  'number.unreadable.vat': { tr: 'KDV sayı olarak okunamadı: 18 ya da 8,5 biçiminde yazınız.', en: 'The VAT is not a readable number: write it as 18 or 8,5.', es: 'El IVA no es un número legible: escríbalo como 18 o 8,5.' },
  'number.unreadable.rate': { tr: 'Kur sayı olarak okunamadı: 38,4512 ya da 38.4512 biçiminde yazınız.', en: 'The exchange rate is not a readable number: write it as 38,4512 or 38.4512.', es: 'El tipo de cambio no es un número legible: escríbalo como 38,4512 o 38.4512.' },
  'number.unreadable.value': { tr: 'Bu değer sayı olarak okunamadı: 1234,56 ya da 1234.56 biçiminde yazınız.', en: 'This value is not a readable number: write it as 1234,56 or 1234.56.', es: 'Este valor no es un número legible: escríbalo como 1234,56 o 1234.56.' },

  // auth
  'auth.missingCredentials': { tr: 'E-posta ve şifre giriniz.', en: 'Enter your e-mail and password.', es: 'Introduzca su correo y contraseña.' },
  'auth.invalidCredentials': { tr: 'E-posta ya da şifre hatalı.', en: 'The e-mail or password is wrong.', es: 'El correo o la contraseña son incorrectos.' },
  'auth.inactive': { tr: 'Kullanıcı hesabı pasif ya da yönetici onayı bekliyor.', en: 'This user account is inactive or waiting for a manager\'s approval.', es: 'Esta cuenta de usuario está inactiva o pendiente de la aprobación de un responsable.' },
  'auth.locked': { tr: 'Çok fazla hatalı giriş denemesi. {{minutes}} dakika sonra tekrar deneyin.', en: 'Too many failed sign-in attempts. Try again in {{minutes}} minutes.', es: 'Demasiados intentos fallidos. Inténtelo de nuevo en {{minutes}} minutos.' },
  'auth.reauthFailed': { tr: 'Yeniden doğrulama başarısız', en: 'Re-Authing Failed', es: 'La reautenticación falló' },

  // users (spec 000 section 5)
  'user.firstname.min': { tr: 'Kullanıcı adı en az 3 karakter olmalı!', en: 'User Name must be 3 characters long!', es: '¡El nombre debe tener 3 caracteres!' },
  'user.lastname.min': { tr: 'Soyadı en az 3 karakter olmalı!', en: 'Lastname must be 3 characters long!', es: '¡El apellido debe tener 3 caracteres!' },
  'user.email.invalid': { tr: 'E-posta geçerli değil!', en: 'Email is not valid!', es: '¡El correo no es válido!' },
  'user.email.taken': { tr: 'Bu e-posta ile kayıtlı bir kullanıcı var.', en: 'A user with this e-mail already exists.', es: 'Ya existe un usuario con este correo.' },
  'user.role.invalid': { tr: 'Rol 0 ile 7 arasında olmalı.', en: 'Role must be between 0 and 7.', es: 'El rol debe estar entre 0 y 7.' },
  'user.role.aboveOwn': { tr: 'Yalnızca kendi rolünüzden daha az yetkili bir rol verebilirsiniz.', en: 'You can only give a role less privileged than your own.', es: 'Solo puede asignar un rol con menos privilegios que el suyo.' },
  'user.role.own': { tr: 'Kendi rolünüzü değiştiremezsiniz.', en: 'You cannot change your own role.', es: 'No puede cambiar su propio rol.' },
  'user.self.deactivate': { tr: 'Kendi hesabınızı pasif yapamazsınız.', en: 'You cannot deactivate your own account.', es: 'No puede desactivar su propia cuenta.' },
  'user.self.delete': { tr: 'Kendi hesabınızı silemezsiniz.', en: 'You cannot delete your own account.', es: 'No puede eliminar su propia cuenta.' },
  'user.target.higher': { tr: 'Yalnızca sizden daha az yetkili roldeki kullanıcıları yönetebilirsiniz.', en: 'You can only manage users of a role less privileged than yours.', es: 'Solo puede gestionar usuarios de un rol con menos privilegios que el suyo.' },
  'user.permissions.own': { tr: 'Kendi yetkilerinizi değiştiremezsiniz.', en: 'You cannot change your own permissions.', es: 'No puede cambiar sus propios permisos.' },
  'user.company.unknown': { tr: 'Seçilen firma bulunamadı.', en: 'The chosen company does not exist.', es: 'La empresa elegida no existe.' },
  'user.placeholder.name': { tr: 'Lütfen adı yazın', en: 'Write Name please', es: 'Escriba el nombre, por favor' },
  'user.placeholder.lastname': { tr: 'Lütfen soyadı yazın', en: 'Write LastName please', es: 'Escriba el apellido, por favor' },
  'user.placeholder.email': { tr: 'Lütfen e-posta yazın', en: 'Write E-Mail please', es: 'Escriba el correo, por favor' },
  'password.min': { tr: 'Şifre en az {{min}} karakter olmalı!', en: 'Password must be at least {{min}} characters long!', es: '¡La contraseña debe tener al menos {{min}} caracteres!' },
  'password.notEqual': { tr: 'Şifreler aynı değil', en: 'Not equal to Passwords', es: 'Las contraseñas no coinciden' },
  'password.check': { tr: 'Lütfen şifreleri kontrol edin.', en: 'Please check the passwords.', es: 'Revise las contraseñas.' },
  'password.notChanged': { tr: 'Şifre değiştirilemedi', en: 'password could not be changed', es: 'No se pudo cambiar la contraseña' },
  'password.changed': { tr: 'Şifre değiştirildi', en: 'Password changed', es: 'Contraseña cambiada' },

  // companies (spec 000 section 5)
  'company.name.min': { tr: 'Firma adı en az 3 karakter olmalı!', en: 'Company Name must be 3 characters long!', es: '¡El nombre de la empresa debe tener 3 caracteres!' },
  'company.email.invalid': { tr: 'E-posta geçerli değil!', en: 'Email is not valid!', es: '¡El correo no es válido!' },
  'company.email.write': { tr: 'Lütfen e-posta yazın', en: 'Write to Email Please', es: 'Escriba el correo, por favor' },
  'company.city.min': { tr: 'Şehir en az 3 karakter olmalı!', en: 'Company City must be 3 characters long!', es: '¡La ciudad debe tener 3 caracteres!' },
  'company.country.select': { tr: 'Firma ülkesini seçin', en: 'Select Company Country', es: 'Seleccione el país de la empresa' },
  'company.category.select': { tr: 'Firma kategorisini seçin', en: 'Select Company Category', es: 'Seleccione la categoría de la empresa' },
  'company.delete.hasDeliveries': { tr: 'Teslimatı olan Firma Silinemez..', en: 'A company with deliveries cannot be deleted..', es: 'No se puede eliminar una empresa con entregas..' },
  'company.delete.hasOffers': { tr: 'Teklifi olan Firma Silinemez..', en: 'A company with offers cannot be deleted..', es: 'No se puede eliminar una empresa con ofertas..' },
  'company.delete.hasUsers': { tr: 'Kullanıcısı olan Firma Silinemez..', en: 'A company with users cannot be deleted..', es: 'No se puede eliminar una empresa con usuarios..' },
  'company.delete.confirm': { tr: 'Firmayı silmek istiyor musunuz ?', en: 'Do you want to delete the company?', es: '¿Desea eliminar la empresa?' },
  'user.delete.confirm': { tr: 'Kullanıcıyı silmek istiyor musunuz ?', en: 'Do you want to delete the user?', es: '¿Desea eliminar el usuario?' },
} satisfies Record<string, Entry>;

/** Each area keeps its messages in its own file; they are merged here. */
// A pure Object.assign, not an object spread: a bundler drops it (and every language's messages) from a chunk that
// does not use it; the web client loads one language's messages of its own (packages/web/domain-messages.ts).
type AllMessages = typeof CORE_MESSAGES & typeof CATALOGUE_MESSAGES & typeof FILE_MESSAGES & typeof MY_COMPANY_MESSAGES & typeof ACTIVITY_MESSAGES & typeof DELIVERY_MESSAGES & typeof RATES_MESSAGES & typeof BUYING_MESSAGES & typeof RECEIPT_MESSAGES & typeof DEVICE_MESSAGES & typeof OFFER_MESSAGES & typeof ORDER_MESSAGES & typeof LOG_MESSAGES & typeof LABEL_MESSAGES & typeof DOCUMENT_MESSAGES & typeof DOCUMENT_LABEL_MESSAGES & typeof DOCUMENT_LIST_MESSAGES & typeof MAIL_MESSAGES & typeof IMPORT_MESSAGES & typeof REPORT_MESSAGES;
export const MESSAGES: AllMessages = /* @__PURE__ */ Object.assign({}, CORE_MESSAGES, CATALOGUE_MESSAGES, FILE_MESSAGES, MY_COMPANY_MESSAGES, ACTIVITY_MESSAGES, DELIVERY_MESSAGES, RATES_MESSAGES, BUYING_MESSAGES, RECEIPT_MESSAGES, DEVICE_MESSAGES, OFFER_MESSAGES, ORDER_MESSAGES, LOG_MESSAGES, LABEL_MESSAGES, DOCUMENT_MESSAGES, DOCUMENT_LABEL_MESSAGES, DOCUMENT_LIST_MESSAGES, MAIL_MESSAGES, IMPORT_MESSAGES, REPORT_MESSAGES);

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

export function pickLang(acceptLanguage: string | undefined | null): Lang {
  if (!acceptLanguage) return 'tr';
  const parts = acceptLanguage.split(',').map((p) => p.trim().slice(0, 2).toLowerCase());
  for (const p of parts) if ((LANGS as readonly string[]).includes(p)) return p as Lang;
  return 'tr';
}

/** Translates a key (or returns the text unchanged when it is not a key), filling {{name}} params. */
export function translate(key: string, lang: Lang, params: Record<string, string | number> = {}): string {
  const entry = isMessageKey(key) ? MESSAGES[key] : undefined;
  let text = entry ? entry[lang] : key;
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{{${k}}}`, String(v));
  return text;
}
