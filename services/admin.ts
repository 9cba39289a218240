import type { AccessCodeRow, DrawingView, ImportJobView, ImportRowReport, LibrarySettings, MemberRow } from '@/lib/wire';
import { http } from './http';
import { withParams } from './keys';

/** The console's calls (/api/admin/...): staff and operators only; the server checks the role on every one. */
export const ADMIN_URL = '/api/admin';

export interface Paged {
  page: number;
  pageSize: number;
  total: number;
}

export interface ImportReport {
  summary: { rows: number; add: number; change: number; unchanged: number; refuse: number };
  rows: ImportRowReport[];
}

export interface AuditRow {
  id: number;
  at: string;
  actorLabel: string;
  action: string;
  libraryId: number | null;
  target: string;
  before: unknown;
  after: unknown;
}

export interface TitleRow {
  id: number;
  name: string;
  publisher: string;
  categoryName: string;
  languageCode: string;
  ageRating: number;
  issn: string | null;
  onlineIssn: string | null;
}

export interface IssueRow {
  id: number;
  name: string;
  issueDate: string;
  /** Set when the date is the PDF's creation date, to be checked (saving a date clears it): what to show beside it. */
  dateNote: string | null;
  issueNumber: string | null;
  isSpecial: boolean;
  withdrawnAt: string | null;
  pageCount: number;
  /** Pages drawn so far while some are still to draw; null once every page is drawn. */
  pagesDrawn: number | null;
  /** The original PDF is kept: downloadable, and the pages can be drawn again from it. */
  hasOriginal: boolean;
}


export const adminKeys = {
  members: (libraryId: number, q: string, page: number) => withParams(`${ADMIN_URL}/libraries/${libraryId}/members`, { q: q || undefined, page, pageSize: 20 }),
  accessCodes: (libraryId: number, page: number) => withParams(`${ADMIN_URL}/libraries/${libraryId}/access-codes`, { page, pageSize: 20 }),
  audit: (page: number, libraryId?: number) => withParams(`${ADMIN_URL}/audit`, { page, pageSize: 25, libraryId }),
  titles: (q: string, page: number) => withParams(`${ADMIN_URL}/titles`, { q: q || undefined, page, pageSize: 20 }),
  issues: (magazineId: number, page: number) => withParams(`${ADMIN_URL}/titles/${magazineId}/issues`, { page, pageSize: 20 }),
  imports: (page: number) => withParams(`${ADMIN_URL}/imports`, { page, pageSize: 10 }),
  drawing: (page: number) => withParams(`${ADMIN_URL}/drawing`, { page, pageSize: 10 }),
};

export async function findMembers(libraryId: number, q: string, page: number): Promise<Paged & { members: MemberRow[] }> {
  return (await http.get<Paged & { members: MemberRow[] }>(adminKeys.members(libraryId, q, page))).data;
}

export async function addMember(libraryId: number, body: { email?: string; cardNumber?: string; firstName: string; lastName: string; endDate: string }) {
  return (await http.post<{ member: MemberRow }>(`${ADMIN_URL}/libraries/${libraryId}/members`, body)).data.member;
}

export async function setMemberEndDate(libraryId: number, userId: number, endDate: string) {
  return (await http.put<{ member: MemberRow }>(`${ADMIN_URL}/libraries/${libraryId}/members/${userId}`, { endDate })).data.member;
}

export async function endMembership(libraryId: number, userId: number) {
  return (await http.post<{ member: MemberRow }>(`${ADMIN_URL}/libraries/${libraryId}/members/${userId}/end`, {})).data.member;
}

export async function deleteMember(libraryId: number, userId: number) {
  await http.delete(`${ADMIN_URL}/libraries/${libraryId}/members/${userId}`);
}

export async function previewMemberImport(libraryId: number, csv: string): Promise<ImportReport> {
  return (await http.post<ImportReport>(`${ADMIN_URL}/libraries/${libraryId}/member-import/preview`, { csv })).data;
}

export async function commitMemberImport(libraryId: number, csv: string): Promise<ImportReport> {
  return (await http.post<ImportReport>(`${ADMIN_URL}/libraries/${libraryId}/member-import`, { csv })).data;
}

export async function listAccessCodes(libraryId: number, page: number): Promise<Paged & { codes: AccessCodeRow[] }> {
  return (await http.get<Paged & { codes: AccessCodeRow[] }>(adminKeys.accessCodes(libraryId, page))).data;
}

export async function createAccessCode(libraryId: number, body: { code?: string; days: number; useLimit: number; expiresOn?: string }) {
  return (await http.post<{ code: AccessCodeRow }>(`${ADMIN_URL}/libraries/${libraryId}/access-codes`, body)).data.code;
}

export async function accessCodeUses(libraryId: number, codeId: number) {
  return (await http.get<{ code: AccessCodeRow; uses: { usedAt: string; email: string | null; firstName: string | null; lastName: string | null }[] }>(`${ADMIN_URL}/libraries/${libraryId}/access-codes/${codeId}`)).data;
}

export async function revokeAccessCode(libraryId: number, codeId: number) {
  return (await http.delete<{ code: AccessCodeRow }>(`${ADMIN_URL}/libraries/${libraryId}/access-codes/${codeId}`)).data.code;
}

export async function updateLibrary(libraryId: number, body: Record<string, unknown>) {
  return (await http.put<{ library: LibrarySettings }>(`${ADMIN_URL}/libraries/${libraryId}`, body)).data.library;
}

export async function createLibrary(body: Record<string, unknown>) {
  return (await http.post<{ library: LibrarySettings }>(`${ADMIN_URL}/library-create`, body)).data.library;
}

export async function uploadLibraryImage(libraryId: number, slot: string, file: File) {
  return (await http.put<{ library: LibrarySettings }>(`${ADMIN_URL}/libraries/${libraryId}/images/${slot}`, file, { headers: { 'Content-Type': 'application/octet-stream' } })).data.library;
}

export async function setCollection(libraryId: number, body: { mode: 'all' | 'chosen'; titleIds: number[]; categoryIds: number[] }) {
  return (await http.put<{ collection: { mode: 'all' | 'chosen'; titleIds: number[]; categoryIds: number[] } }>(`${ADMIN_URL}/libraries/${libraryId}/collection`, body)).data.collection;
}

export async function listAudit(page: number, libraryId?: number): Promise<Paged & { entries: AuditRow[] }> {
  return (await http.get<Paged & { entries: AuditRow[] }>(adminKeys.audit(page, libraryId))).data;
}

export async function findTitles(q: string, page: number): Promise<Paged & { titles: TitleRow[] }> {
  return (await http.get<Paged & { titles: TitleRow[] }>(adminKeys.titles(q, page))).data;
}

export async function issuesOfTitle(magazineId: number, page: number): Promise<Paged & { issues: IssueRow[] }> {
  return (await http.get<Paged & { issues: IssueRow[] }>(adminKeys.issues(magazineId, page))).data;
}

export async function setIssueWithdrawn(issueId: number, withdrawn: boolean): Promise<IssueRow> {
  return (await http.post<{ issue: IssueRow }>(`${ADMIN_URL}/issues/${issueId}/${withdrawn ? 'withdraw' : 'restore'}`, {})).data.issue;
}

/** Draws an issue's pages again from its original PDF, in the background (operators). */
export async function redrawIssue(issueId: number): Promise<IssueRow> {
  return (await http.post<{ issue: IssueRow }>(`${ADMIN_URL}/issues/${issueId}/redraw`, {})).data.issue;
}

/** Where the console downloads an issue's original PDF (the session's cookie goes with the link). */
export function issueOriginalUrl(issueId: number): string {
  return `${ADMIN_URL}/issues/${issueId}/original`;
}

export async function correctTitle(magazineId: number, changes: Partial<Pick<TitleRow, 'name' | 'publisher' | 'ageRating' | 'issn' | 'onlineIssn'>>) {
  return (await http.put<{ title: TitleRow }>(`${ADMIN_URL}/titles/${magazineId}`, changes)).data.title;
}

export async function correctIssue(issueId: number, changes: Partial<Pick<IssueRow, 'name' | 'issueDate' | 'issueNumber' | 'isSpecial'>>) {
  return (await http.put<{ issue: IssueRow }>(`${ADMIN_URL}/issues/${issueId}`, changes)).data.issue;
}

export async function listImports(page: number): Promise<Paged & { jobs: ImportJobView[] }> {
  return (await http.get<Paged & { jobs: ImportJobView[] }>(adminKeys.imports(page))).data;
}

/** Opens an upload: the file's name, its sidecar's text (if any) and what a new title takes when the file does not say. */
export async function openImport(body: { fileName: string; sidecar?: string; category?: string; language?: string; ageRating?: number; replace?: boolean }) {
  return (await http.post<{ job: ImportJobView; maxBytes: number }>(`${ADMIN_URL}/imports`, body)).data;
}

/** Sends the PDF of an open upload, telling its progress (0 to 1); no time limit, as a large file on a slow line takes long. */
export async function sendImportFile(jobId: number, file: File, onProgress: (share: number) => void) {
  const response = await http.put<{ job: ImportJobView }>(`${ADMIN_URL}/imports/${jobId}/file`, file, {
    headers: { 'Content-Type': 'application/pdf' },
    timeout: 0,
    onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : 0),
  });
  return response.data.job;
}

export async function cancelImport(jobId: number) {
  return (await http.delete<{ job: ImportJobView }>(`${ADMIN_URL}/imports/${jobId}`)).data.job;
}

/** Tries a failed import again, with all its tries. */
export async function retryImport(jobId: number) {
  return (await http.post<{ job: ImportJobView }>(`${ADMIN_URL}/imports/${jobId}/retry`, {})).data.job;
}


/** Imported issues whose pages are still being drawn, with their draw job's tries and the reason of a failed try. */
export async function listDrawing(page: number): Promise<Paged & { issues: DrawingView[] }> {
  return (await http.get<Paged & { issues: DrawingView[] }>(adminKeys.drawing(page))).data;
}

/** Draws the pages an issue has left again, its draw job starting over with all its tries. */
export async function retryDrawing(issueId: number) {
  return (await http.post<{ issue: DrawingView }>(`${ADMIN_URL}/drawing/${issueId}/retry`, {})).data.issue;
}
