import { text } from '../../lib/sentences';

/** The staff console's refusals (catalogue keys) and its approval summary (Vietnamese, server.audit). */
export const staffMessages = {
  playerNotFound: 'common.playerNotFound',
  selfDemotion: 'api.staff.self_demotion',
  promotionSummary: (name: string, shortId: string, currentRole: string) =>
    text('server.audit.promotionSummary', { name, shortId, currentRole }),
};
