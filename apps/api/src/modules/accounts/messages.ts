import { accountCodes, sentence } from '@carabala/contracts';

/** The accounts module's refusals: keys of the message catalogue (decision record 053). */
export const accountMessages = {
  signUpElsewhere: accountCodes.signUpElsewhere,
  usernameTaken: accountCodes.usernameTaken,
  linkInvalid: accountCodes.linkInvalid,
  tooManySignUps: (minutes: number) => sentence('account.tooManySignUps', { minutes }),
  tooManyMails: (minutes: number) => sentence('account.tooManyMails', { minutes }),
};
