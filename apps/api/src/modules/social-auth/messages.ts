import { sentence, type SocialProvider } from '@carabala/contracts';

const providerNames: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };
const about = (key: string) => (provider: SocialProvider) => sentence(key, { provider: providerNames[provider] });

/** The social sign-in's refusals: catalogue keys, with the provider's name. */
export const socialAuthMessages = {
  unavailable: about('socialAuth.unavailable'),
  unreachable: about('socialAuth.unreachable'),
  notLinkedToAccount: about('socialAuth.notLinkedToAccount'),
  googleRefused: 'api.auth.google.invalid',
  facebookRefused: 'api.auth.facebook.invalid',
  googleCodeUsed: 'api.auth.google.code_used',
  linkTokenRefused: 'api.auth.link.token_invalid',
  linkedElsewhere: about('socialAuth.linkedElsewhere'),
  providerAlreadyLinked: about('socialAuth.providerAlreadyLinked'),
  alreadyLinked: about('socialAuth.alreadyLinked'),
  lastSignInMethod: about('socialAuth.lastSignInMethod'),
  notLinked: about('socialAuth.notLinked'),
};
