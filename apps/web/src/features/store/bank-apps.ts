/**
 * Vietnamese banking apps opened from the same phone. Banks publish no common web link of their own;
 * the NAPAS VietQR deep-link service of vietqr.io (https://dl.vietqr.io/pay) opens the chosen app
 * (its store page when missing) and, for the apps it lists as "autofill", fills in the receiving
 * account, the amount and the transfer content. The others open on their transfer screen only.
 */
export interface BankApp {
  /** The service's app id. */
  id: string;
  name: string;
  autofill: boolean;
}

export const bankApps: readonly BankApp[] = [
  { id: 'vcb', name: 'Vietcombank', autofill: false },
  { id: 'icb', name: 'VietinBank iPay', autofill: true },
  { id: 'bidv', name: 'BIDV SmartBanking', autofill: true },
  { id: 'vba', name: 'Agribank Plus', autofill: false },
  { id: 'mb', name: 'MB Bank', autofill: true },
  { id: 'tcb', name: 'Techcombank', autofill: false },
  { id: 'acb', name: 'ACB ONE', autofill: true },
  { id: 'vpb', name: 'VPBank NEO', autofill: false },
  { id: 'tpb', name: 'TPBank', autofill: false },
  { id: 'ocb', name: 'OCB OMNI', autofill: true },
];

/** The service names the receiving bank by its VietQR code; by NAPAS BIN for the banks listed here. */
const bankCodes: Record<string, string> = {
  '970436': 'vcb',
  '970415': 'icb',
  '970418': 'bidv',
  '970405': 'vba',
  '970422': 'mb',
  '970407': 'tcb',
  '970416': 'acb',
  '970432': 'vpb',
  '970423': 'tpb',
  '970448': 'ocb',
};

export interface TransferDetails {
  bin: string;
  accountNumber: string;
  accountName: string;
  amount: number;
  content: string;
}

export function bankAppLink(app: BankApp, transfer: TransferDetails): string {
  const url = new URL('https://dl.vietqr.io/pay');
  url.search = new URLSearchParams({
    app: app.id,
    ba: `${transfer.accountNumber}@${bankCodes[transfer.bin] ?? transfer.bin}`,
    am: String(transfer.amount),
    tn: transfer.content,
    bn: transfer.accountName,
  }).toString();
  return url.toString();
}
