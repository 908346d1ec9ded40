'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/** False during server render and hydration, true once mounted in the browser. */
export function useMounted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
