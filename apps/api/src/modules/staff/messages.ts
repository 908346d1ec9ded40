/** The staff console's refusals and sentences, in the staff's language. */
export const staffMessages = {
  playerNotFound: 'common.playerNotFound',
  selfDemotion: 'api.staff.self_demotion',
  promotionSummary: (name: string, shortId: string, currentRole: string) =>
    `Cấp quyền Quản trị viên cho ${name} (ID: ${shortId}), hiện là ${currentRole}`,
};
