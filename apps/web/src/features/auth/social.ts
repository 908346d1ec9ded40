'use client';

import { facebookDevicePrefix, googleRedirectPath, type AuthProviders } from '@carabala/contracts';
import { PREVIOUS_URL } from '@/lib/storage';

/* The browser's side of the social sign-ins: the Google redirect flow and the Facebook SDK. */

/** sessionStorage: what the Google redirect needs on its return, for this tab only. */
export const GOOGLE_FLOW_KEY = 'google_oauth';

/** login: sign in; link: link to the signed-in account; link-signin: the sign-in dialog's linking steps. */
export type GoogleIntent = 'login' | 'link' | 'link-signin';
export interface GoogleFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  intent: GoogleIntent;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const randomValue = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/**
 * Starts the redirect-mode authorization-code flow: remembers where the player was (previous_url),
 * keeps state, nonce and the PKCE verifier in this tab's sessionStorage, and leaves for the provider.
 */
export async function startGoogleRedirect(
  google: NonNullable<AuthProviders['google']>,
  intent: GoogleIntent,
  returnTo = `${window.location.pathname}${window.location.search}${window.location.hash}`,
) {
  if (!google.authorizationEndpoint) throw new Error('authorization endpoint unknown');
  const flow: GoogleFlow = {
    state: randomValue(),
    nonce: randomValue(),
    codeVerifier: randomValue(),
    redirectUri: `${window.location.origin}${googleRedirectPath}`,
    intent,
  };
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(flow.codeVerifier));
  localStorage.setItem(PREVIOUS_URL, returnTo);
  sessionStorage.setItem(GOOGLE_FLOW_KEY, JSON.stringify(flow));
  const url = new URL(google.authorizationEndpoint);
  url.search = new URLSearchParams({
    client_id: google.clientId,
    response_type: 'code',
    scope: google.scope,
    redirect_uri: flow.redirectUri,
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: base64url(new Uint8Array(digest)),
    code_challenge_method: 'S256',
  }).toString();
  window.location.assign(url.toString());
}

/** The flow this tab started, read once: a second read (a reload, a replayed URL) finds nothing. */
export function takeGoogleFlow(): GoogleFlow | null {
  const raw = sessionStorage.getItem(GOOGLE_FLOW_KEY);
  sessionStorage.removeItem(GOOGLE_FLOW_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as GoogleFlow;
  } catch {
    return null;
  }
}

/** Where to go back to after the redirect: a path on this site only. */
export function takePreviousUrl(): string {
  const previous = localStorage.getItem(PREVIOUS_URL);
  localStorage.removeItem(PREVIOUS_URL);
  return previous && previous.startsWith('/') && !previous.startsWith('//') ? previous : '/';
}

interface FacebookAuthResponse {
  status: 'connected' | 'authorization_expired' | 'not_authorized' | 'unknown';
  authResponse?: { accessToken: string; userID: string } | null;
}
interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: FacebookAuthResponse) => void, options: { scope: string }): void;
}
declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

export class FacebookCancelledError extends Error {}

let sdkLoading: Promise<FacebookSdk> | null = null;

/** Loads the Facebook SDK (en_US, the API's version) once, only when Facebook sign-in is configured. */
export function loadFacebookSdk(facebook: NonNullable<AuthProviders['facebook']>): Promise<FacebookSdk> {
  sdkLoading ??= new Promise<FacebookSdk>((resolve, reject) => {
    window.fbAsyncInit = () => {
      window.FB!.init({ appId: facebook.appId, version: facebook.sdkVersion, cookie: false, xfbml: false });
      resolve(window.FB!);
    };
    const script = document.createElement('script');
    script.src = 'https://connect.facebook.net/en_US/sdk.js';
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => {
      sdkLoading = null;
      script.remove();
      reject(new Error('Facebook SDK failed to load'));
    };
    document.body.appendChild(script);
  });
  return sdkLoading;
}

/** FB.login with the email scope; answers the token and the body fields the API expects. */
export async function facebookLogin(facebook: NonNullable<AuthProviders['facebook']>) {
  const sdk = await loadFacebookSdk(facebook);
  const response = await new Promise<FacebookAuthResponse>((resolve) => sdk.login(resolve, { scope: 'email' }));
  if (response.status !== 'connected' || !response.authResponse) throw new FacebookCancelledError(response.status);
  return {
    token: response.authResponse.accessToken,
    deviceId: `${facebookDevicePrefix}${response.authResponse.userID}`,
  };
}
