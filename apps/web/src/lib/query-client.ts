import { QueryClient } from '@tanstack/react-query';

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 0, retryDelay: 1000, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}
