/** The auth module's refusals, in the players' language. */
export const authMessages = {
  tooManyAttempts: (minutes: number) => `Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
  unknownUsername: 'Username không tồn tại',
  wrongPassword: 'Mật khẩu không chính xác',
  unverified: 'Tài khoản này chưa được xác minh email',
};
