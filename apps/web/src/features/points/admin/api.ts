'use client';

import {
  pointsAdjustmentSchema,
  staffPlayerPointsSchema,
  staffPointsSettingsSchema,
  staffPointsShopItemPageSchema,
  staffPointsShopItemSchema,
  type PointsAdjustmentBody,
  type PointsSettingsContent,
  type PointsShopItemBody,
} from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRead, useWrite } from '@/lib/staff-query';

// The console's points calls: the settings and shop items (drafts, publish with step-up), a player's
// points and an adjustment (may wait for a second admin).

const keys = {
  all: ['points-admin'] as const,
  settings: ['points-admin', 'settings'] as const,
  items: (q: string) => ['points-admin', 'items', q] as const,
  player: (shortId: string) => ['points-admin', 'player', shortId] as const,
};

export const useSettings = () =>
  useRead(keys.settings, '/internal/points/settings', staffPointsSettingsSchema.nullable());

export const useSaveSettings = () =>
  useWrite(
    (body: PointsSettingsContent) => api.put('/internal/points/settings', body, staffPointsSettingsSchema),
    keys.all,
  );

export const usePublishSettings = () =>
  useWrite(() => api.post('/internal/points/settings/publish', {}, staffPointsSettingsSchema), keys.all);

export const useShopItems = (q: string) =>
  useQuery({
    queryKey: keys.items(q),
    queryFn: () =>
      api.get(
        `/internal/points/items?pageSize=100${q ? `&q=${encodeURIComponent(q)}` : ''}`,
        staffPointsShopItemPageSchema,
      ),
  });

export const useSaveItem = (id: number | null) =>
  useWrite(
    (body: PointsShopItemBody) =>
      id
        ? api.put(`/internal/points/items/${id}`, body, staffPointsShopItemSchema)
        : api.post('/internal/points/items', body, staffPointsShopItemSchema),
    keys.all,
  );

export const usePublishItem = () =>
  useWrite((id: number) => api.post(`/internal/points/items/${id}/publish`, {}, staffPointsShopItemSchema), keys.all);

export const usePlayerPoints = (shortId: string) =>
  useQuery({
    queryKey: keys.player(shortId),
    queryFn: () => api.get(`/internal/points/players/${encodeURIComponent(shortId)}`, staffPlayerPointsSchema),
    enabled: shortId.length > 0,
    retry: 0,
  });

export const useAdjust = () =>
  useWrite(
    (body: PointsAdjustmentBody) => api.action('POST', '/internal/points/adjustments', body, pointsAdjustmentSchema),
    keys.all,
  );
