'use client';

import { can, type Permission } from '@carabala/contracts/permissions';
import { useSession } from './auth';

/**
 * Whether the signed-in user's role may do what a permission allows, from the same table the API
 * decides with: the console shows a page, a link or a button only when its call would be accepted.
 */
export function useCan(): (permission: Permission) => boolean {
  const { user } = useSession();
  return (permission) => can(user?.role, permission);
}
