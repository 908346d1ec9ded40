'use client';

import { homePreviewSchema } from '@carabala/contracts';
import { PreviewResult, usePreviewMoment } from '@/components/preview-shell';
import { usePreviewRead } from '@/lib/staff-query';
import { HomeSections } from '../home-sections';

/** The home page's sections (carousels, guides, news) as a player would see them at the preview's moment. */
export function HomePreview() {
  const query = usePreviewRead('home', homePreviewSchema, usePreviewMoment());
  return (
    <PreviewResult query={query} render={({ data }) => <HomeSections slides={data.sections} news={data.news} />} />
  );
}
