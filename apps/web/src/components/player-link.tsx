'use client';

import Link from 'next/link';
import { useCan } from '@/lib/permissions';

/**
 * A player named in the console: their name and User ID, linked to their page for staff who may read
 * players (plain text for the others).
 */
export function PlayerLink({ player }: { player: { id: string; shortId: string; displayName: string } }) {
  const label = (
    <>
      {player.displayName} <span className="font-mono text-royal">#{player.shortId}</span>
    </>
  );
  if (!useCan()('players.read')) return label;
  return (
    <Link href={`/admin/players/${player.id}`} className="hover:underline">
      {label}
    </Link>
  );
}
