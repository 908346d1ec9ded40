/** The staff console's refusals, in the staff's language. */
export const staffMessages = {
  playerNotFound: 'Không tìm thấy người chơi.',
  selfDemotion: 'Bạn không thể tự hạ quyền của chính mình.',
};
