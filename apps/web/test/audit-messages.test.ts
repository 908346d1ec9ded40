import {
  approvalKinds,
  auditActions,
  homeSections,
  homeSlideBodySchema,
  packBodySchema,
  promotionBodySchema,
  promotionKinds,
} from '@carabala/contracts';
import { limitKinds } from '@carabala/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { actionKey } from '@/features/staff/audit-sentence';
import en from '../messages/en/admin.json';
import vi from '../messages/vi/admin.json';

interface Shaped {
  shape?: Record<string, Shaped>;
  unwrap?: () => Shaped;
  element?: Shaped;
}

/** The keys a staff-edited document's audit entry can carry, nested ones too ("limit.count"). */
function keysOf(schema: unknown, parent = ''): string[] {
  return Object.entries((schema as Shaped).shape ?? {}).flatMap(([key, value]) => {
    let inner: Shaped | undefined = value;
    while (inner && !inner.shape && (inner.unwrap || inner.element)) inner = inner.element ?? inner.unwrap?.();
    return [`${parent}${key}`, ...(inner?.shape ? keysOf(inner, `${parent}${key}.`) : [])];
  });
}
// Item rows show as "Kim cương × 500"; ids are never shown.
const shownAsItems = new Set(['itemId', 'quantity', 'id']);

describe.each([
  ['vi', vi.audit],
  ['en', en.audit],
])('the audit log in %s', (_locale, audit) => {
  const has = (path: string) =>
    path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], audit) !==
    undefined;

  it('names every area, action and sentence', () => {
    const missing = auditActions.flatMap((action) =>
      [
        `areas.${action.slice(0, action.indexOf('.'))}`,
        `actions.${actionKey(action)}`,
        `sentences.${actionKey(action)}`,
      ].filter((path) => !has(path)),
    );
    expect(missing).toEqual([]);
  });

  it('labels every field of a pack, a promotion and a home slide', () => {
    const keys = [packBodySchema, promotionBodySchema, homeSlideBodySchema].flatMap((schema) => keysOf(schema));
    const missing = keys.filter((key) => {
      const [outer, inner] = key.split('.');
      if (!inner) return !has(`fields.${outer}`);
      return !shownAsItems.has(inner) && !has(`fields.${outer}_${inner}`) && !has(`fields.${inner}`);
    });
    expect(missing).toEqual([]);
    // Words that mean another thing elsewhere ("Loại yêu cầu" of an approval) are named for their place.
    expect(['fields.limit_kind', 'fields.limit_count', 'fields.promotion_kind'].filter((path) => !has(path))).toEqual(
      [],
    );
  });

  it('names every enum value an entry can hold, never the value itself', () => {
    const values = [
      ...[...approvalKinds, ...limitKinds, ...promotionKinds].map((kind) => `values.kind.${actionKey(kind)}`),
      ...homeSections.map((section) => `values.section.${section}`),
    ];
    expect(values.filter((path) => !has(path))).toEqual([]);
  });
});
