import { text } from '../../lib/sentences';

/**
 * "Chrome trên Windows": the browser and the system of a User-Agent, in the words a staff member
 * reads in the device list and the new-device notice. Order matters: Edge, Opera, Cốc Cốc and
 * Samsung Internet also say "Chrome", and Chrome also says "Safari".
 */
const browsers: [RegExp, string][] = [
  [/\bEdgi?A?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bcoc_coc_browser\//i, 'Cốc Cốc'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const pick = (userAgent: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(userAgent))?.[1];

export function deviceName(userAgent: string | null): string {
  if (!userAgent) return text('server.devices.unknown');
  const browser = pick(userAgent, browsers) ?? text('server.devices.otherBrowser');
  const system = pick(userAgent, systems);
  return system ? text('server.devices.browserOnSystem', { browser, system }) : browser;
}
