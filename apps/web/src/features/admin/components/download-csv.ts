import { ApiError } from '@/lib/api-client';
import { tokenStore } from '@/lib/storage';

/**
 * A CSV export needs the bearer token, which a plain link cannot carry: fetch it, then hand the
 * bytes to the browser as a download under the server's file name.
 */
export async function downloadCsv(path: string): Promise<string> {
  const token = tokenStore.get();
  const response = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(response.status, body.code ?? 'api.internal', body.message ?? 'Không tải được tệp.');
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
