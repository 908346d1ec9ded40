import type { Me } from '@carabala/contracts';

/** Browser storage keys of the description. */
export const ACCESS_TOKEN = 'access_token';
export const USER_DETAIL = 'user_detail';
export const PREVIOUS_URL = 'previous_url';

const available = () => typeof window !== 'undefined';

export const tokenStore = {
  get: () => (available() ? localStorage.getItem(ACCESS_TOKEN) : null),
  save(token: string, user: Me) {
    localStorage.setItem(ACCESS_TOKEN, token);
    localStorage.setItem(USER_DETAIL, JSON.stringify(user));
  },
  /** Refreshes the stored user record after the API answered who the session belongs to. */
  saveUser(user: Me) {
    localStorage.setItem(USER_DETAIL, JSON.stringify(user));
  },
  /** The stored user record of this browser's session, or null. */
  user(): Me | null {
    if (!available() || !localStorage.getItem(ACCESS_TOKEN)) return null;
    try {
      return JSON.parse(localStorage.getItem(USER_DETAIL) ?? 'null') as Me | null;
    } catch {
      return null;
    }
  },
  clear() {
    if (!available()) return;
    localStorage.removeItem(ACCESS_TOKEN);
    localStorage.removeItem(USER_DETAIL);
  },
};
