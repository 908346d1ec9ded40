import { pointsCodes, sentence } from '@carabala/contracts';

/** The points module's refusals by catalogue key (decision record 053); the codes are the contracts' `pointsCodes`. */
export const pointsModuleMessages = {
  ...pointsCodes,
  notEnoughWith: (balance: number) => sentence(pointsCodes.notEnough, { balance }),
  settingsNotFound: 'points.settingsNotFound',
  adjustTooMuch: (balance: number) => sentence('points.adjustTooMuch', { balance }),
};
