// Phone verification by SMS and the policy of what an unverified phone may not do (decision record 057).
// Sign-in, the store and the game's calls ask `requireVerified` through a function services.ts hands them.
export { phoneRoutes } from './routes';
export { createPhoneService, phoneSendLimits, phoneVerified, type PhoneService } from './service';
export { folderSmsSender, httpSmsSender, SmsNotSent, type SmsSender } from './sms';
