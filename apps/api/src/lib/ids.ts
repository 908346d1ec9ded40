const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID in either case: ids from paths are checked before they reach a uuid column. */
export const isUuid = (value: string): boolean => UUID.test(value);
