/** An avatar starting with 9 is a local game avatar; otherwise it is a URL; null falls back to a letter. */
export function avatarSource(avatar: string | null | undefined): string | null {
  if (!avatar) return null;
  return avatar.startsWith('9') ? `/avatars/${avatar}.png` : avatar;
}

export function avatarFallback(displayName: string): string {
  return (displayName.trim()[0] ?? '?').toUpperCase();
}
