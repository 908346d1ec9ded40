import { phoneGatesOf, smsModeOf } from './config-accounts';
import type { Config, Db, FailureCounter, Logger, SessionCache } from './lib/deps';
import type { EventBus } from './lib/events';
import { deriveKey } from './lib/keys';
import { createAccountsService } from './modules/accounts';
import type { PasswordHasher } from './modules/auth';
import type { GameConnector } from './modules/game';
import { createPhoneService, folderSmsSender, httpSmsSender, type SmsSender } from './modules/phone';

// Part of the composition root (services.ts): the site's own accounts, sign-up and its links
// (decision record 056) and the phone codes with their policy (decision record 057).

/** What sends the SMS codes: the gateway, the demo's folder, or nothing (decision record 057). */
function smsSenderOf(config: Config): SmsSender | null {
  const mode = smsModeOf(config, config.DEMO_MODE);
  if (mode === 'folder') return folderSmsSender(config.SMS_FOLDER);
  if (mode === 'http' && config.SMS_HTTP_URL && config.SMS_HTTP_TOKEN) {
    return httpSmsSender({
      url: config.SMS_HTTP_URL,
      token: config.SMS_HTTP_TOKEN,
      sender: config.SMS_SENDER ?? null,
      timeoutMs: config.SMS_HTTP_TIMEOUT_MS,
    });
  }
  return null;
}

export function createAccountServices(deps: {
  db: Db;
  log: Logger;
  config: Config;
  passwords: PasswordHasher;
  failures: FailureCounter;
  sessionCache: SessionCache;
  events: EventBus;
  game: Pick<GameConnector, 'backend'>;
}) {
  const { db, log, config, passwords, failures, sessionCache, events, game } = deps;
  const phone = createPhoneService({
    db,
    log,
    sms: smsSenderOf(config),
    key: deriveKey(config.JWT_SECRET, 'phone-code'),
    gates: phoneGatesOf(config),
    brand: config.BRAND_NAME,
  });
  const accounts = createAccountsService({
    db,
    passwords,
    failures,
    sessionCache,
    ownsAccounts: game.backend.mode === 'embedded',
    events,
    publicWebUrl: config.PUBLIC_WEB_URL,
    verifyHours: config.ACCOUNT_VERIFY_HOURS,
    resetMinutes: config.PASSWORD_RESET_MINUTES,
    limits: {
      signUpsPerIp: config.SIGN_UPS_PER_IP_HOUR,
      mailsPerIp: config.ACCOUNT_MAILS_PER_IP_HOUR,
      mailsPerAccount: config.ACCOUNT_MAILS_PER_ACCOUNT_HOUR,
    },
  });
  return { phone, accounts };
}
