'use client';

import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** Draws a QR code locally (a VietQR payload, an otpauth address): no third party sees it. */
export function QrImage({ payload, alt, testId = 'vietqr' }: { payload: string; alt: string; testId?: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 480 })
      .then((url) => active && setSource(url))
      .catch((error: unknown) => console.error(error));
    return () => {
      active = false;
    };
  }, [payload]);
  if (!source) return <div className="aspect-square w-full animate-pulse rounded-xl bg-ink/10" />;
  // A data URL drawn here; the image optimiser has nothing to add.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={source} alt={alt} data-testid={testId} className="aspect-square w-full rounded-xl bg-white" />;
}
