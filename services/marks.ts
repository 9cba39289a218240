import type { BookmarkView, ClippingView } from '@/lib/wire';
import { http } from './http';
import { SERVICE_URL } from './keys';

/** A region of a page as fractions of its width and height. */
export interface PageRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

const base = SERVICE_URL.user;

export async function listBookmarks(issueId?: number): Promise<BookmarkView[]> {
  const { data } = await http.get<{ bookmarks: BookmarkView[] }>(`${base}/bookmarks`, { params: { issue: issueId } });
  return data.bookmarks;
}

export async function listClippings(issueId?: number): Promise<ClippingView[]> {
  const { data } = await http.get<{ clippings: ClippingView[] }>(`${base}/clippings`, { params: { issue: issueId } });
  return data.clippings;
}

export async function addBookmark(issueId: number, pageNo: number, name?: string): Promise<BookmarkView> {
  const { data } = await http.post<{ bookmark: BookmarkView }>(`${base}/bookmarks`, { issue: issueId, page: pageNo, name: name || undefined });
  return data.bookmark;
}

export async function addClipping(issueId: number, pageNo: number, region: PageRegion, name?: string): Promise<ClippingView> {
  const { data } = await http.post<{ clipping: ClippingView }>(`${base}/clippings`, { issue: issueId, page: pageNo, region, name: name || undefined });
  return data.clipping;
}

export async function renameMark(kind: 'bookmarks' | 'clippings', id: number, name: string): Promise<void> {
  await http.put(`${base}/${kind}/${id}`, { name });
}

export async function deleteMark(kind: 'bookmarks' | 'clippings', id: number): Promise<void> {
  await http.delete(`${base}/${kind}/${id}`);
}

/** The share link's path (/clipping/{token}); the same one every time it is asked for. */
export async function shareClipping(id: number): Promise<string> {
  const { data } = await http.post<{ shareUrl: string }>(`${base}/clippings/${id}/share`, {});
  return data.shareUrl;
}
