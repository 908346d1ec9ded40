'use client';

import type { BankTransaction } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import QRCode from 'qrcode';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { bankAppLink, bankApps } from './bank-apps';

/** Saves the VietQR as a PNG named after the order code, to pick it from the banking app's gallery. */
async function saveQr(payload: string, code: string) {
  const href = await QRCode.toDataURL(payload, { type: 'image/png', errorCorrectionLevel: 'M', margin: 4, width: 720 });
  const link = document.createElement('a');
  link.href = href;
  link.download = `${code}.png`;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Paying from the phone the page is on (under 768 px), where a QR on screen cannot be scanned:
 * save the QR to the gallery, or open a banking app with the transfer filled in where it accepts it.
 */
export function PayFromPhone({ transaction, amount }: { transaction: BankTransaction; amount: number }) {
  const t = useTranslations('store');
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [listOpen, setListOpen] = useState(false);
  if (desktop) return null;
  const transfer = {
    bin: transaction.bank.bin,
    accountNumber: transaction.bank.accountNumber,
    accountName: transaction.bank.accountName,
    amount,
    content: transaction.code,
  };
  return (
    <section className="rounded-2xl bg-white p-4 ring-1 ring-ink/10" aria-labelledby="pay-from-phone">
      <h3 id="pay-from-phone" className="font-black">
        {t('payFromPhone')}
      </h3>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => void saveQr(transaction.qr.payload, transaction.code)}>
          {t('saveQr')}
        </Button>
        <Button variant="secondary" aria-expanded={listOpen} onClick={() => setListOpen((open) => !open)}>
          {t('openBankApp')}
        </Button>
      </div>
      {listOpen && (
        <>
          <p className="mt-3 text-xs text-ink/70">{t('bankAppHint')}</p>
          <ul className="mt-2 grid grid-cols-2 gap-2" data-testid="bank-apps">
            {bankApps.map((app) => (
              <li key={app.id}>
                <a
                  href={bankAppLink(app, transfer)}
                  rel="noreferrer"
                  className="flex h-full flex-col rounded-xl bg-cream px-3 py-2 text-sm font-bold ring-1 ring-ink/10 hover:ring-royal"
                >
                  {app.name}
                  <span className="text-xs font-normal text-ink/70">
                    {app.autofill ? t('bankAppFilled') : t('bankAppOpenOnly')}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
