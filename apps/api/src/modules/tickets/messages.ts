/** The support tickets' refusals, in the players' language. */
export const ticketsMessages = {
  notFound: 'Không tìm thấy yêu cầu hỗ trợ.',
  tooMany: 'Bạn đã gửi quá nhiều yêu cầu, vui lòng thử lại sau.',
  badImages: 'Hình ảnh đính kèm không hợp lệ, vui lòng tải lên lại.',
};
