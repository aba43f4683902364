/** @jsxRuntime automatic */
import { Path, Svg } from '@react-pdf/renderer';
import QRCode from 'qrcode';

/** The dark modules of a QR code as one SVG path (1 unit per module, 4 modules of quiet zone). */
export function qrPath(text: string): { path: string; size: number } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const q = 4;
  let d = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) if (qr.modules.get(x, y)) d += `M${x + q} ${y + q}h1v1h-1z`;
  }
  return { path: d, size: n + 2 * q };
}

/** A QR code drawn as vectors (the `qrcode` library encodes; nothing is rasterised). */
export function QrCode({ value, size }: { value: string; size: number }) {
  const { path, size: units } = qrPath(value);
  return (
    <Svg width={size} height={size} viewBox={`0 0 ${units} ${units}`}>
      <Path d={path} fill="#000000" />
    </Svg>
  );
}
