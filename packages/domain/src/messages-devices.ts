import type { Entry } from './messages.js';

/** Messages of the device area (spec 002 2.10, DECISIONS 10), in the three languages. */
export const DEVICE_MESSAGES = {
  'device.brightness.invalid': { tr: 'Parlaklık 0 ile 100 arasında, 5\'in katı bir tam sayı olmalı.', en: 'Brightness must be a whole number from 0 to 100 in steps of 5.', es: 'El brillo debe ser un número entero de 0 a 100 en pasos de 5.' },
  'device.energy.from': { tr: 'Başlangıç günü GG.AA.YYYY ya da YYYY-AA-GG biçiminde geçerli bir gün olmalı.', en: 'The start day must be a real day written DD.MM.YYYY or YYYY-MM-DD.', es: 'El día de inicio debe ser un día válido con formato DD.MM.AAAA o AAAA-MM-DD.' },
  'device.energy.to': { tr: 'Bitiş günü GG.AA.YYYY ya da YYYY-AA-GG biçiminde geçerli bir gün olmalı.', en: 'The end day must be a real day written DD.MM.YYYY or YYYY-MM-DD.', es: 'El día final debe ser un día válido con formato DD.MM.AAAA o AAAA-MM-DD.' },
  'device.energy.order': { tr: 'Bitiş günü başlangıç gününden önce olamaz.', en: 'The end day cannot be before the start day.', es: 'El día final no puede ser anterior al día de inicio.' },
  'device.energy.range': { tr: 'En fazla {{max}} günlük dönem sorulabilir.', en: 'A period of at most {{max}} days can be asked for.', es: 'Se puede consultar un periodo de {{max}} días como máximo.' },
  'device.mac.invalid': { tr: 'MAC adresi AA:BB:CC:DD:EE:FF biçiminde olmalı.', en: 'The MAC address must look like AA:BB:CC:DD:EE:FF.', es: 'La dirección MAC debe tener la forma AA:BB:CC:DD:EE:FF.' },
  'device.macs.invalid': { tr: 'En az bir aydınlatma (MAC adresi) seçilmeli.', en: 'Choose at least one light (MAC address).', es: 'Elija al menos una luminaria (dirección MAC).' },
  'device.macs.unknown': { tr: 'Bu cihaza bağlı olmayan aydınlatma: {{macs}}', en: 'Not a light of this gateway: {{macs}}', es: 'No es una luminaria de esta pasarela: {{macs}}' },
  'device.cid.invalid': { tr: 'cid 1 olmalı.', en: 'cid must be 1.', es: 'cid debe ser 1.' },
  'device.command.invalid': { tr: 'Bilinmeyen komut; yalnızca set_mesh_status gönderilebilir.', en: 'Unknown command; only set_mesh_status can be sent.', es: 'Comando desconocido; solo se puede enviar set_mesh_status.' },
  'device.time.invalid': { tr: 'Saat SS:DD biçiminde olmalı (00:00-23:59).', en: 'The time must be HH:MM (00:00-23:59).', es: 'La hora debe ser HH:MM (00:00-23:59).' },
  'device.timeZone.invalid': { tr: 'Bilinmeyen saat dilimi.', en: 'Unknown time zone.', es: 'Zona horaria desconocida.' },
  'device.coordinate.invalid': { tr: 'Koordinat geçerli değil.', en: 'The coordinate is not valid.', es: 'La coordenada no es válida.' },
  'device.notDeviceToken': { tr: 'Bu bir cihaz sistemi oturumu değil. Cihaz sistemine giriş yapın.', en: 'This is not a device-system session. Sign in to the device system.', es: 'Esta no es una sesión del sistema de dispositivos. Inicie sesión en el sistema de dispositivos.' },
  'device.adminOnly': { tr: 'Bu işlemi yalnızca cihaz sistemi yöneticisi yapabilir.', en: 'Only a device-system admin can do this.', es: 'Solo un administrador del sistema de dispositivos puede hacer esto.' },
  'device.account.emailTaken': { tr: 'Bu e-posta ile bir cihaz hesabı var.', en: 'A device account with this e-mail already exists.', es: 'Ya existe una cuenta de dispositivos con este correo.' },
  'device.account.self': { tr: 'Kendi hesabınızı pasif yapamaz ya da yönetici yetkisini kaldıramazsınız.', en: 'You cannot deactivate your own account or take away your own admin right.', es: 'No puede desactivar su propia cuenta ni quitarse el derecho de administrador.' },
  'device.gateway.unknown': { tr: 'Cihaz bulunamadı.', en: 'Gateway not found.', es: 'Pasarela no encontrada.' },
} satisfies Record<string, Entry>;
