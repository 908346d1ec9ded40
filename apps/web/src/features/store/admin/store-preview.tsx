'use client';

import { storePreviewSchema } from '@carabala/contracts';
import { ALL_TABS } from '@carabala/contracts/catalogue';
import { PreviewResult, usePreviewMoment } from '@/components/preview-shell';
import { usePreviewRead } from '@/lib/staff-query';
import { StorePage } from '../store-page';

/** The store page, every tab, as a player would see it at the preview's moment; its countdowns tick from there. */
export function StorePreview() {
  const query = usePreviewRead('store', storePreviewSchema, usePreviewMoment());
  return (
    <PreviewResult
      query={query}
      render={({ data, clockShift }) => (
        <div className="p-3 md:p-6">
          <StorePage
            key={data.at}
            tab={ALL_TABS}
            packs={data.packs}
            renderedAt={Date.parse(data.at)}
            clockShift={clockShift}
            promotionsAt={data.promotions}
          />
        </div>
      )}
    />
  );
}
