import { codes } from '@carabala/contracts';
import { AppError } from '../../plugins/errors';
import { paymentsMessages as m } from './messages';

/** Refusals the staff's money calls share. */
export const bankEventNotFound = () => new AppError(404, codes.error, m.bankEventNotFound);
export const alreadyHandled = () => new AppError(409, codes.error, m.alreadyHandled);
