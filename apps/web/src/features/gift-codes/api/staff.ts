'use client';

import {
  giftCodeBatchResultSchema,
  giftCodeDetailSchema,
  giftCodePageSchema,
  giftCodeSummarySchema,
  type GiftCodeBatchBody,
  type GiftCodeCreateBody,
  type GiftCodeFindManyBody,
  type GiftCodeUpdateBody,
} from '@carabala/contracts';
import { api } from '@/lib/api-client';
import { recordKeys, useFindMany, useRead, useWrite } from '@/lib/staff-query';

/** The query keys of the staff's gift-code reads. */
export const giftCodeKeys = recordKeys<GiftCodeFindManyBody, string>('gift-codes');

export const useGiftCodes = (filter: GiftCodeFindManyBody) =>
  useFindMany(giftCodeKeys.list(filter), '/internal/gift-codes/find-many', filter, giftCodePageSchema);

export const useGiftCode = (id: string) =>
  useRead(giftCodeKeys.detail(id), `/internal/gift-codes/${id}`, giftCodeDetailSchema);

/** A write to the gift codes; every list and detail is read again after it. */
const useGiftCodeWrite = <Body, Result>(write: (body: Body) => Promise<Result>) => useWrite(write, giftCodeKeys.all);

export const useCreateGiftCode = () =>
  useGiftCodeWrite((body: GiftCodeCreateBody) =>
    api.post('/internal/gift-codes/create-one', body, giftCodeSummarySchema),
  );

export const useCreateGiftCodeBatch = () =>
  useGiftCodeWrite((body: GiftCodeBatchBody) =>
    api.post('/internal/gift-codes/batches', body, giftCodeBatchResultSchema),
  );

export const useUpdateGiftCode = (id: string) =>
  useGiftCodeWrite((body: GiftCodeUpdateBody) => api.put(`/internal/gift-codes/${id}`, body, giftCodeSummarySchema));

/** Saves a batch's codes as CSV (admin only; the export is audited); resolves to the file name. */
export const downloadBatchCsv = (batchId: string) => api.download(`/internal/gift-codes/batches/${batchId}/export.csv`);
