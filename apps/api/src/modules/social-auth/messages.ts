import type { SocialProvider } from '@carabala/contracts';

const providerNames: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** The social sign-in's refusals, in the players' language. */
export const socialAuthMessages = {
  unavailable: (provider: SocialProvider) =>
    `Đăng nhập bằng ${providerNames[provider]} hiện chưa được hỗ trợ trên trang này.`,
  unreachable: (provider: SocialProvider) => `Không kết nối được với ${providerNames[provider]}, vui lòng thử lại sau.`,
  notLinkedToAccount: (provider: SocialProvider) =>
    `Tài khoản ${providerNames[provider]} này chưa được liên kết với tài khoản game nào. ` +
    `Vui lòng đăng nhập bằng tài khoản game và liên kết ${providerNames[provider]} trước.`,
  googleRefused: 'Đăng nhập Google không thành công, vui lòng thử lại.',
  facebookRefused: 'Phiên đăng nhập Facebook không hợp lệ, vui lòng thử lại.',
  googleCodeUsed: 'Mã đăng nhập Google này đã được sử dụng, vui lòng đăng nhập lại.',
  linkTokenRefused: 'Phiên liên kết tài khoản đã hết hạn, vui lòng đăng nhập mạng xã hội lại.',
  linkedElsewhere: (provider: SocialProvider) =>
    `Tài khoản ${providerNames[provider]} này đã được liên kết với một tài khoản game khác.`,
  providerAlreadyLinked: (provider: SocialProvider) =>
    `Tài khoản của bạn đã liên kết với một tài khoản ${providerNames[provider]} khác. Vui lòng huỷ liên kết trước.`,
  alreadyLinked: (provider: SocialProvider) =>
    `Tài khoản ${providerNames[provider]} này đã được liên kết với một tài khoản game. Vui lòng đăng nhập lại.`,
  lastSignInMethod: (provider: SocialProvider) =>
    `Không thể huỷ liên kết ${providerNames[provider]} vì đây là cách đăng nhập duy nhất của tài khoản.`,
  notLinked: (provider: SocialProvider) => `Tài khoản của bạn chưa liên kết ${providerNames[provider]}.`,
};
