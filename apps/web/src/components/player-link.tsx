import Link from 'next/link';

/** A player named in the console: their name and User ID, linked to the players list filtered to them. */
export function PlayerLink({ player }: { player: { shortId: string; displayName: string } }) {
  return (
    <Link href={`/admin/players?q=${encodeURIComponent(player.shortId)}`} className="hover:underline">
      {player.displayName} <span className="font-mono text-royal">#{player.shortId}</span>
    </Link>
  );
}
