/**
 * @carabala/contracts/permissions: the roles and the one permission table that decides every staff
 * call (the API's access hook) and every staff page, link and button (the console). No zod here, so
 * the console's navigation can read it without the schemas. Decision record 028.
 */

/** `player` is every customer; the four others are staff roles by job. */
export const roles = ['player', 'support', 'finance', 'content', 'admin'] as const;
export type Role = (typeof roles)[number];
export type StaffRole = Exclude<Role, 'player'>;

/** What a staff call may do; each staff route declares exactly one. */
export const permissions = [
  'overview.read',
  'audit.read',
  'players.read',
  'players.roles',
  'players.sessions',
  'players.second-factor',
  'tickets.read',
  'tickets.write',
  'orders.read',
  'orders.mark',
  'orders.grant',
  'orders.limits',
  'payments.read',
  'payments.write',
  'payments.refund',
  'reports.read',
  'deliveries.read',
  'deliveries.retry',
  'emails.read',
  'emails.retry',
  'gift-codes.read',
  'gift-codes.write',
  'news.write',
  'catalogue.write',
  'items.read',
  'home.write',
  'approvals.read',
  'approvals.decide',
  'approvals.withdraw',
  'health.read',
] as const;
export type Permission = (typeof permissions)[number];

/** Every permission of these areas (`payments` is payments.read, .write and .refund). */
const allOf = (...areas: string[]) => permissions.filter((permission) => areas.includes(permission.split('.')[0]!));

/**
 * The table. `admin` may do everything; the others only their job: support answers tickets and reads
 * players, orders, deliveries, e-mails ("I got no verification e-mail") and gift codes (to answer "I paid but got nothing", "my code fails");
 * finance works the money (orders, bank payments, refunds, reports, deliveries), follows
 * the requests it made for approval and withdraws its own; only an admin approves (decision record 030); content writes the news,
 * the store's catalogue and the home page. Support and content read the game's items (the picker, the flags on packs
 * and codes naming an item the game no longer lists). Support and finance also read the health board (the alerts, the bank feed,
 * the mailbox's queue).
 */
export const rolePermissions: Record<Role, readonly Permission[]> = {
  player: [],
  support: [
    'overview.read',
    'players.read',
    'tickets.read',
    'tickets.write',
    'orders.read',
    'deliveries.read',
    'emails.read',
    'emails.retry',
    'gift-codes.read',
    'items.read',
    'health.read',
  ],
  finance: [
    'overview.read',
    'orders.read',
    'orders.mark',
    ...allOf('payments', 'reports', 'deliveries'),
    'approvals.read',
    'approvals.withdraw',
    'health.read',
  ],
  content: ['news.write', 'catalogue.write', 'items.read', 'home.write'],
  admin: permissions,
};

/** Whether a role may do what a permission allows. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role ? rolePermissions[role].includes(permission) : false;
}

/** A role that opens the staff console at all. */
export function isStaff(role: Role | null | undefined): role is StaffRole {
  return role !== undefined && role !== null && role !== 'player';
}

/** The roles that hold a permission, in the table's order (the API docs list them). */
export function rolesWith(permission: Permission): Role[] {
  return roles.filter((role) => can(role, permission));
}
