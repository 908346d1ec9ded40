/**
 * The order a receipt's "Tạo yêu cầu hỗ trợ" names (/supports?order=CRB…): an order code's letters
 * and digits only, upper-cased, or null. The form fills its fields from it; the player can edit them.
 */
export function orderCodeFromSearch(search: string): string | null {
  const code = new URLSearchParams(search).get('order')?.trim().toUpperCase();
  return code && /^[A-Z0-9]{4,25}$/.test(code) ? code : null;
}
