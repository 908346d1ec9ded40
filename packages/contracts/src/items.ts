import { z } from 'zod';
import { isItemId, type ItemId } from './catalogue';

export const itemMessages = {
  required: 'Vui lòng chọn vật phẩm.',
  unknown: 'Vật phẩm không có trong danh mục.',
} as const;

/** An item id a request may send: one of the catalogue's items (`items` in the catalogue). */
export const itemIdSchema = z
  .string({ error: itemMessages.required })
  .trim()
  .min(1, { error: itemMessages.required, abort: true })
  .refine((value): value is ItemId => isItemId(value), itemMessages.unknown);
