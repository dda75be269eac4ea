import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of text, drawn in the browser as an SVG image (no network). */
export function QrCode({ text, label, size = 168 }: { text: string; label: string; size?: number }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } })
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(''));
    return () => {
      live = false;
    };
  }, [text]);
  if (!src) return <div className="ref-qr ref-qr--empty skeleton" style={{ width: size, height: size }} data-testid="ref-qr-loading" />;
  return <img className="ref-qr" src={src} width={size} height={size} alt={label} data-testid="ref-qr" />;
}
