/** The mailbox's refusals: catalogue keys. */
export const mailboxMessages = {
  notDead: 'mailbox.notDead',
};
