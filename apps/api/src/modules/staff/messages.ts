/** The staff console's refusals and sentences, in the staff's language. */
export const staffMessages = {
  playerNotFound: 'Không tìm thấy người chơi.',
  selfDemotion: 'Bạn không thể tự hạ quyền của chính mình.',
  promotionSummary: (name: string, shortId: string, currentRole: string) =>
    `Cấp quyền Quản trị viên cho ${name} (ID: ${shortId}), hiện là ${currentRole}`,
};
