'use client';

import dynamic from 'next/dynamic';

/**
 * The ticket form, fetched only once it renders (behind the sign-in gate): its validation
 * (react-hook-form, zod) stays off the page's first load. The placeholder has the form's
 * measured height, so that nothing shifts when it arrives.
 */
export const LazyTicketForm = dynamic(() => import('./ticket-form').then((module) => module.TicketForm), {
  ssr: false,
  loading: () => (
    <div className="h-[50rem] rounded-3xl bg-white shadow-lg ring-1 ring-ink/10 md:h-[44.75rem]" aria-busy="true" />
  ),
});
