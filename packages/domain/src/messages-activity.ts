/** Messages of to-dos, logs, the dashboard and the public offer request. */
import type { Entry } from './messages.js';
export const ACTIVITY_MESSAGES = {
  'todo.person.required': { tr: 'Kişi seçiniz.', en: 'Choose a person.', es: 'Elija una persona.' },
  'todo.person.unknown': { tr: 'Seçilen kişi bulunamadı ya da aktif bir ofis kullanıcısı değil.', en: 'The chosen person does not exist or is not an active back-office user.', es: 'La persona elegida no existe o no es un usuario activo de la oficina.' },
  'todo.task.required': { tr: 'Görevi yazınız.', en: 'Write the task.', es: 'Escriba la tarea.' },
  'todo.link.invalid': { tr: 'Bağlantı uygulama içinde bir adres olmalı (/ ile başlar).', en: 'The link must be an address inside the app (starting with /).', es: 'El enlace debe ser una dirección dentro de la aplicación (empieza con /).' },
  'todo.created': { tr: 'Yapılacak iş oluşturuldu', en: 'To-do created', es: 'Tarea creada' },
  'logs.date.invalid': { tr: 'Tarih GG.AA.YYYY ya da YYYY-AA-GG biçiminde geçerli bir gün olmalı.', en: 'The date must be a real day written DD.MM.YYYY or YYYY-MM-DD.', es: 'La fecha debe ser un día válido con formato DD.MM.AAAA o AAAA-MM-DD.' },
  'offerRequest.product.required': { tr: 'Ürün seçilmedi.', en: 'No product was chosen.', es: 'No se eligió ningún producto.' },
  'offerRequest.name.required': { tr: 'Ad soyad yazınız.', en: 'Write your name.', es: 'Escriba su nombre.' },
  'offerRequest.email.required': { tr: 'E-posta adresinizi yazınız.', en: 'Write your e-mail address.', es: 'Escriba su correo electrónico.' },
  'offerRequest.email.invalid': { tr: 'E-posta geçerli değil!', en: 'Email is not valid!', es: '¡El correo no es válido!' },
  'offerRequest.phone.invalid': { tr: 'Telefon numarası geçerli değil.', en: 'The phone number is not valid.', es: 'El número de teléfono no es válido.' },
  'offerRequest.quantity.invalid': { tr: 'Miktar en az 1 olan bir tam sayı olmalı.', en: 'Quantity must be a whole number of at least 1.', es: 'La cantidad debe ser un número entero de al menos 1.' },
  'offerRequest.tooMany': { tr: 'Kısa sürede çok fazla teklif isteği gönderildi. Lütfen {{minutes}} dakika sonra tekrar deneyin.', en: 'Too many offer requests in a short time. Please try again in {{minutes}} minutes.', es: 'Demasiadas solicitudes de oferta en poco tiempo. Inténtelo de nuevo en {{minutes}} minutos.' },
} satisfies Record<string, Entry>;
