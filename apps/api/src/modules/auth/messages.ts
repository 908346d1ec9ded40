/** The auth module's refusals, in the players' language. */
export const authMessages = {
  tooManyAttempts: (minutes: number) => `Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
  wrongPassword: 'Mật khẩu không chính xác',
  unverified: 'Tài khoản này chưa được xác minh email',
};
