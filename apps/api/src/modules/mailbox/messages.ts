/** The mailbox's refusals, in the staff's language. */
export const mailboxMessages = {
  notDead: 'Không tìm thấy thư cần gửi lại.',
};
