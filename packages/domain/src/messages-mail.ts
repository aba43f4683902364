import type { Entry } from './messages.js';

/** Messages of the mail service, the offer e-mail, the password reset and the sign-up (issue 13), in the three languages. */
export const MAIL_MESSAGES = {
  'mail.notConfigured': { tr: 'E-posta gönderimi ayarlanmamış (SMTP_URL). E-postayı kendi programınızla gönderebilirsiniz.', en: 'Sending e-mail is not set up (SMTP_URL). You can send the e-mail from your own mail program.', es: 'El envío de correo no está configurado (SMTP_URL). Puede enviar el correo desde su propio programa.' },
  'mail.failed': { tr: 'E-posta sunucusu iletiyi kabul etmedi. Hiçbir şey değişmedi; daha sonra tekrar deneyin ya da kendi programınızla gönderin.', en: 'The mail server did not accept the message. Nothing was changed; try again later or send it from your own mail program.', es: 'El servidor de correo no aceptó el mensaje. No se cambió nada; inténtelo más tarde o envíelo desde su propio programa.' },
  'mail.subject.required': { tr: 'Konu yazınız.', en: 'Write a subject.', es: 'Escriba un asunto.' },
  'mail.offer.notOrder': { tr: 'Yalnızca Sipariş durumundaki teklifler e-posta ile gönderilir.', en: 'Only offers in status Order are sent by e-mail.', es: 'Solo se envían por correo las ofertas en estado Pedido.' },
  'mail.offer.noCompany': { tr: 'Sipariş takip bağlantısı için kayıtlı bir firma gerekir.', en: 'The order-tracking link needs a registered company.', es: 'El enlace de seguimiento necesita una empresa registrada.' },
  'mail.offer.tracking': { tr: 'Siparişinizi buradan izleyebilirsiniz: {{url}}', en: 'You can follow your order here: {{url}}', es: 'Puede seguir su pedido aquí: {{url}}' },
  'mail.offer.fileName': { tr: 'Teklif', en: 'Offer', es: 'Oferta' },
  'auth.reset.unavailable': { tr: 'Şifre sıfırlama e-postası şu anda gönderilemiyor. Şifrenizi sıfırlaması için yöneticinize başvurun.', en: 'A password reset e-mail cannot be sent right now. Ask an administrator to reset your password.', es: 'No se puede enviar un correo de restablecimiento ahora. Pida a un administrador que restablezca su contraseña.' },
  'auth.reset.invalid': { tr: 'Bu şifre sıfırlama bağlantısı geçersiz, kullanılmış ya da süresi dolmuş. Yeni bir bağlantı isteyin.', en: 'This password reset link is not valid, was already used or has expired. Ask for a new link.', es: 'Este enlace de restablecimiento no es válido, ya se usó o ha caducado. Solicite uno nuevo.' },
  'auth.reset.subject': { tr: 'Şifre sıfırlama', en: 'Password reset', es: 'Restablecer contraseña' },
  'auth.reset.text': {
    tr: 'Merhaba {{name}},\n\nŞifrenizi sıfırlamak için aşağıdaki bağlantıyı açın. Bağlantı bir saat geçerlidir ve yalnızca bir kez kullanılabilir.\n\n{{url}}\n\nBu isteği siz yapmadıysanız bu e-postayı dikkate almayın; şifreniz değişmez.',
    en: 'Hello {{name}},\n\nOpen the link below to reset your password. The link is valid for one hour and can be used once.\n\n{{url}}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.',
    es: 'Hola {{name}},\n\nAbra el enlace siguiente para restablecer su contraseña. El enlace es válido durante una hora y se puede usar una vez.\n\n{{url}}\n\nSi no lo solicitó, ignore este correo; su contraseña no cambia.',
  },
  'auth.signupKnown.subject': { tr: 'Hesabınız zaten var', en: 'You already have an account', es: 'Ya tiene una cuenta' },
  'auth.signupKnown.text': {
    tr: 'Merhaba {{name}},\n\nBu e-posta adresiyle yeni bir üyelik başvurusu yapıldı, ancak adresin zaten bir hesabı var. Şifrenizi hatırlamıyorsanız buradan yenisini isteyebilirsiniz:\n\n{{url}}\n\nBaşvuruyu siz yapmadıysanız bu e-postayı dikkate almayın.',
    en: 'Hello {{name}},\n\nSomeone signed up with this e-mail address, but it already has an account. If you do not remember your password, ask for a new one here:\n\n{{url}}\n\nIf it was not you, ignore this e-mail.',
    es: 'Hola {{name}},\n\nAlguien se registró con esta dirección de correo, pero ya tiene una cuenta. Si no recuerda su contraseña, solicite una nueva aquí:\n\n{{url}}\n\nSi no fue usted, ignore este correo.',
  },
  'auth.tooMany': { tr: 'Çok fazla istek. {{minutes}} dakika sonra tekrar deneyin.', en: 'Too many requests. Try again in {{minutes}} minutes.', es: 'Demasiadas solicitudes. Inténtelo de nuevo en {{minutes}} minutos.' },
} satisfies Record<string, Entry>;
