import { avatarFallback, avatarSource } from '@carabala/contracts/labels';

/** A player's avatar: a game avatar (value starting with 9), a URL, or the first letter of the name. */
export function Avatar({
  avatar,
  displayName,
  size = 36,
}: {
  avatar: string | null | undefined;
  displayName: string;
  size?: number;
}) {
  const source = avatarSource(avatar);
  const style = { width: size, height: size };
  if (source) {
    // Avatars may be external URLs of any size; a plain img keeps them out of the image optimiser.
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={source} alt="" style={style} className="shrink-0 rounded-full object-cover ring-2 ring-gold" />;
  }
  return (
    <span
      style={style}
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-royal font-bold text-white ring-2 ring-gold"
    >
      {avatarFallback(displayName)}
    </span>
  );
}
