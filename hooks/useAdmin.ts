import useSWR from 'swr';
import { accessCodeUses, adminKeys, findMembers, findTitles, issuesOfTitle, listAccessCodes, listAudit, listDrawing, listImports } from '@/services/admin';

/** The console's reads, one SWR hook each, keyed by the request URL (services/admin.ts adminKeys). */
export function useMembers(libraryId: number, q: string, page: number) {
  return useSWR(adminKeys.members(libraryId, q, page), () => findMembers(libraryId, q, page), { keepPreviousData: true });
}

export function useAccessCodes(libraryId: number, page: number) {
  return useSWR(adminKeys.accessCodes(libraryId, page), () => listAccessCodes(libraryId, page));
}

export function useAccessCodeUses(libraryId: number, codeId: number | null) {
  return useSWR(codeId ? `${adminKeys.accessCodes(libraryId, 0)}#${codeId}` : null, () => accessCodeUses(libraryId, codeId!));
}

export function useAudit(page: number, libraryId?: number) {
  return useSWR(adminKeys.audit(page, libraryId), () => listAudit(page, libraryId), { keepPreviousData: true });
}

export function useTitles(q: string, page: number) {
  return useSWR(adminKeys.titles(q, page), () => findTitles(q, page), { keepPreviousData: true });
}

export function useIssues(magazineId: number | null, page: number) {
  return useSWR(magazineId ? adminKeys.issues(magazineId, page) : null, () => issuesOfTitle(magazineId!, page));
}

/** The uploads and their imports; asked again every 2 s while one is still uploading, queued or running. */
export function useImports(page: number) {
  return useSWR(adminKeys.imports(page), () => listImports(page), {
    keepPreviousData: true,
    refreshInterval: (data) => (data?.jobs.some((job) => ['uploading', 'receiving', 'queued', 'running'].includes(job.status)) ? 2000 : 0),
  });
}

/** Issues whose pages are still being drawn; asked again every 3 s while one is drawing or waiting, else every 15 s (new imports). */
export function useDrawing(page: number) {
  return useSWR(adminKeys.drawing(page), () => listDrawing(page), {
    keepPreviousData: true,
    refreshInterval: (data) => (data?.issues.some((issue) => issue.state !== 'failed') ? 3000 : 15000),
  });
}
